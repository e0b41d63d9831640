'use client';
import type { UserJson } from '@nimbus/api';
import { Button, Notice, TextField } from '@nimbus/ui';
// E-mail and password login (POST /api/auth/login). Wrong credentials, throttling and network
// errors show the API's message under the form; success continues to `next` or the default team.
// An account with two-factor on gets a ticket instead, and a second step asks for a code.
// The fields are uncontrolled: what someone types before the page is interactive stays there, and
// method="post" keeps a password out of the URL if the form is sent before then.
import Link from 'next/link';
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { continueAfterLogin } from './after-login';

export function LoginForm({ next, email: initialEmail = '' }: { next: string | null; email?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);

  async function logIn(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    if (!email.trim() || !password) return setError('Enter your e-mail and password.');
    setBusy(true);
    setError(null);
    try {
      const reply = await api()<{ user: UserJson } | { mfaRequired: true; ticket: string }>('/auth/login', {
        body: { email: email.trim(), password },
      });
      if ('mfaRequired' in reply) {
        setTicket(reply.ticket);
        setBusy(false);
        return;
      }
      await continueAfterLogin(next, reply.user);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  async function secondStep(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setError('Enter the code from your authenticator app, or a recovery code.');
    setBusy(true);
    setError(null);
    try {
      const { user } = await api()<{ user: UserJson }>('/auth/login/two-factor', { body: { ticket, code } });
      await continueAfterLogin(next, user);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  if (ticket)
    return (
      <form onSubmit={secondStep} method="post" noValidate className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          Enter the 6-digit code from your authenticator app. Lost it? Enter one of your recovery codes.
        </p>
        <TextField label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" autoFocus required />
        {error && <Notice>{error}</Notice>}
        <Button type="submit" variant="primary" size="large" loading={busy}>
          Verify
        </Button>
      </form>
    );

  return (
    <form onSubmit={logIn} method="post" noValidate className="flex flex-col gap-4">
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        autoFocus
        required
        defaultValue={initialEmail}
      />
      <TextField label="Password" type="password" name="password" autoComplete="current-password" required />
      <Link href="/forgot-password" className="-mt-2 self-end text-sm text-muted underline underline-offset-4">
        Forgot password?
      </Link>
      {error && <Notice>{error}</Notice>}
      <Button type="submit" variant="primary" size="large" loading={busy}>
        Log in
      </Button>
    </form>
  );
}
