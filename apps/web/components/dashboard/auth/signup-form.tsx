'use client';
import type { UserJson } from '@nimbus/api';
import { INVALID_EMAIL, isValidEmail } from '@nimbus/core';
import { Button, Notice, TextField } from '@nimbus/ui';
// Sign-up (POST /api/v2/registration): e-mail, password and an optional name. Before submitting, every
// field is checked at once and each problem shows under its field; the API then creates the user with a
// personal Hobby account and logs them in, and its messages (e-mail taken, password too easy to guess)
// appear on the form. Uncontrolled fields and method="post", as in the login form.
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { continueAfterLogin } from './after-login';

const PASSWORD_MIN = 8;

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** Every problem the browser can see, one per field, so all of them show at once. */
export function signupErrors(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = 'Enter your e-mail address.';
  else if (!isValidEmail(email.trim())) errors.email = INVALID_EMAIL;
  if (password.length < PASSWORD_MIN) errors.password = `Use a password of at least ${PASSWORD_MIN} characters.`;
  return errors;
}

export function SignupForm({ next }: { next: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function signUp(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const [name, email, password] = ['name', 'email', 'password'].map((field) => String(form.get(field) ?? ''));
    const errors = signupErrors(email, password);
    setFieldErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) {
      setError(null);
      (formElement.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
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
      <TextField label="E-mail" type="email" name="email" autoComplete="email" required error={fieldErrors.email} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        error={fieldErrors.password}
        hint={`At least ${PASSWORD_MIN} characters, and hard to guess: a few unrelated words work well.`}
      />
      {error && <Notice>{error}</Notice>}
      <Button type="submit" variant="primary" size="large" loading={busy}>
        Create account
      </Button>
    </form>
  );
}
