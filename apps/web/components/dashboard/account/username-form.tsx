'use client';
import { TextField, useToast } from '@nimbus/ui';
// The username: lowercase letters, digits and dashes, unique (the API says what is wrong). The
// personal account keeps its URL, so links and linked projects keep working.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { SettingsForm } from '../settings-form';
import { useSubmit } from '../use-submit';

export function UsernameForm({ username: saved, personalSlug }: { username: string; personalSlug: string | null }) {
  const [username, setUsername] = useState(saved);
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api()('/v2/user', { method: 'PATCH', body: { username: username.trim() } });
      toast.success('Your username was saved.');
      router.refresh();
    });
  }

  return (
    <SettingsForm
      id="username"
      title="Username"
      description={`Your handle on Nimbus.${personalSlug ? ` Your personal account stays at /${personalSlug}; rename it in its settings.` : ''}`}
      note="Lowercase letters, digits and dashes."
      onSubmit={save}
      saving={saving}
      dirty={username.trim() !== saved && username.trim() !== ''}
    >
      <div className="max-w-md">
        <TextField
          label="Username"
          autoComplete="username"
          value={username}
          error={error}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
    </SettingsForm>
  );
}
