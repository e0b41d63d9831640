'use client';
import type { UserJson } from '@nimbus/api';
import { Button, Notice, TextField } from '@nimbus/ui';
// Sign-up (POST /api/v2/registration): e-mail, password and an optional name. The API creates the
// user with a personal Hobby account and logs them in; its messages (e-mail taken, password too
// short) appear on the form. Uncontrolled fields and method="post", as in the login form.
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { continueAfterLogin } from './after-login';

const PASSWORD_MIN = 8;

export function SignupForm({ next }: { next: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signUp(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [name, email, password] = ['name', 'email', 'password'].map((field) => String(form.get(field) ?? ''));
    if (!email.trim()) return setError('Enter your e-mail address.');
    if (password.length < PASSWORD_MIN) return setError(`Use a password of at least ${PASSWORD_MIN} characters.`);
    setBusy(true);
    setError(null);
    try {
      const { user } = await api()<{ user: UserJson }>('/v2/registration', {
        body: { email: email.trim(), password, name: name.trim() || null },
      });
      await continueAfterLogin(next, user);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={signUp} method="post" noValidate className="flex flex-col gap-4">
      <TextField label="Name (optional)" name="name" autoComplete="name" />
      <TextField label="E-mail" type="email" name="email" autoComplete="email" required />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters, and hard to guess: a few unrelated words work well.`}
      />
      {error && <Notice>{error}</Notice>}
      <Button type="submit" variant="primary" size="large" loading={busy}>
        Create account
      </Button>
    </form>
  );
}
