'use client';
import { Button, Notice, TextField } from '@nimbus/ui';
// The two halves of a password reset. Asking (POST /api/auth/password-reset) always answers the
// same words, so the form never tells whether an address has an account. Setting the new password
// (POST /api/auth/password-reset/confirm) uses the link's secret once and ends every session, so
// the person logs in again with the new password.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { useSubmit } from '../use-submit';

export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const { error, saving, run } = useSubmit();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    void run(async () => {
      const reply = await api()<{ message: string }>('/auth/password-reset', { body: { email } });
      setSent(reply.message);
    });
  }

  if (sent) return <Notice tone="note">{sent}</Notice>;
  return (
    <form onSubmit={submit} method="post" noValidate className="flex flex-col gap-4">
      <TextField label="E-mail" type="email" name="email" autoComplete="email" autoFocus required />
      {error && <Notice>{error}</Notice>}
      <Button type="submit" variant="primary" size="large" loading={saving}>
        Send reset link
      </Button>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const { error, saving, run } = useSubmit({ navigates: true });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    void run(async () => {
      await api()('/auth/password-reset/confirm', { body: { token, password } });
      router.push('/login?reset=1');
    });
  }

  return (
    <form onSubmit={submit} method="post" noValidate className="flex flex-col gap-4">
      <TextField
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        autoFocus
        required
        hint="At least 8 characters, and hard to guess: a few unrelated words work well."
      />
      {error && <Notice>{error}</Notice>}
      <Button type="submit" variant="primary" size="large" loading={saving}>
        Set new password
      </Button>
    </form>
  );
}
