'use client';
import { TextField, useToast } from '@nimbus/ui';
// Changing the password: the current one proves it is the owner at the keyboard, the new one must
// pass the same rule as sign-up (the API says what is wrong), and every other session ends.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { SettingsForm } from '../settings-form';
import { useSubmit } from '../use-submit';

export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api()('/v1/user/password', { body: { currentPassword: current, newPassword: next } });
      setCurrent('');
      setNext('');
      toast.success('Your password was changed. Every other session was logged out.');
      router.refresh();
    });
  }

  return (
    <SettingsForm
      id="password"
      title="Password"
      description="Changing it logs out every other browser. Forgot it? Log out and use “Forgot password?”."
      note="At least 8 characters and hard to guess: a few unrelated words work well."
      onSubmit={save}
      saving={saving}
      dirty={current.length > 0 && next.length > 0}
    >
      <div className="grid max-w-md gap-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          error={error}
          onChange={(e) => setNext(e.target.value)}
        />
      </div>
    </SettingsForm>
  );
}
