'use client';
import type { UserJson } from '@nimbus/api';
import { INVALID_EMAIL, isValidEmail } from '@nimbus/core';
import { Button, Notice, TextField } from '@nimbus/ui';
// Sign-up (POST /api/v2/registration): e-mail, password and an optional name. Before submitting, every
// field is checked at once and each problem shows under its field. On a server that sends mail the API
// answers 202 without saying whether the address has an account, and the form turns into "check your
// e-mail" (the link opens /signup/confirm). Without mail the API creates the user with a personal Hobby
// account and logs them in. Its messages (password too easy to guess, e-mail taken) appear on the form.
// Uncontrolled fields and method="post", as in the login form. The campaign the visitor arrived from
// goes with it when consent allowed keeping it (lib/tracking).
import { useState } from 'react';
import { attributionForForm } from '@/lib/tracking/attribution';
import { api, errorMessage } from '../api';
import { useSubmit } from '../use-submit';
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
  const [pending, setPending] = useState<string | null>(null);

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
      await flushRiskSignals();
      const reply = await api()<{ user: UserJson } | { pending: true; message: string }>('/v2/registration', {
        body: { email: email.trim(), password, name: name.trim() || null, attribution: attributionForForm() },
      });
      if ('pending' in reply) {
        setPending(reply.message);
        setBusy(false);
        return;
      }
      await continueAfterLogin(next, reply.user);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  if (pending)
    return (
      <Notice tone="note">
        <strong className="font-medium">Check your e-mail</strong>
        {pending}
      </Notice>
    );
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

/**
 * The second half of a sign-up on a server that sends mail: the page the mailed link opens. The
 * account is made only when the person presses the button (POST /api/v2/registration/confirm), so
 * a mail scanner that opens the link does not use it up; then they are logged in like after a login.
 */
export function ConfirmSignupForm({ token }: { token: string }) {
  const { error, saving, run } = useSubmit({ navigates: true });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const { user } = await api()<{ user: UserJson }>('/v2/registration/confirm', { body: { token } });
      await continueAfterLogin(null, user);
    });
  }

  return (
    <form onSubmit={submit} method="post" noValidate className="flex flex-col gap-4">
      {error && <Notice>{error}</Notice>}
      <Button type="submit" variant="primary" size="large" loading={saving}>
        Create my account
      </Button>
    </form>
  );
}

/** Lets the fraud-detection script (when the page has it) post its latest signals before sign-up reads them; at most 2 s. */
function flushRiskSignals(): Promise<unknown> {
  const risk = (window as { __nimbusRisk?: { flush(): Promise<void> } }).__nimbusRisk;
  if (!risk) return Promise.resolve();
  return Promise.race([risk.flush(), new Promise((resolve) => setTimeout(resolve, 2000))]);
}
