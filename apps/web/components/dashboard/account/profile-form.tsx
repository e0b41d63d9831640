'use client';
import { TextField, useToast } from '@nimbus/ui';
// The user's name (shown to teammates and as the personal account's name, docs/spec.md §1) and e-mail,
// which is read-only here because it is what they log in with.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { SettingsForm } from '../settings-form';
import { useSubmit } from '../use-submit';

const NAME_MAX = 256;

export function ProfileForm({ name: saved, email }: { name: string | null; email: string }) {
  const [name, setName] = useState(saved ?? '');
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api()('/v2/user', { method: 'PATCH', body: { name: name.trim() || null } });
      toast.success('Your name was saved.');
      router.refresh();
    });
  }

  return (
    <SettingsForm
      id="profile"
      title="Profile"
      description="Your name is shown to your teammates and names your personal account. Leave it empty to use your username."
      note={`Use ${NAME_MAX} characters at most.`}
      onSubmit={save}
      saving={saving}
      dirty={name.trim() !== (saved ?? '')}
    >
      <div className="grid max-w-md gap-4">
        <TextField
          label="Name"
          autoComplete="name"
          maxLength={NAME_MAX}
          value={name}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="E-mail"
          type="email"
          value={email}
          readOnly
          hint="You log in with this address; it cannot be changed here."
        />
      </div>
    </SettingsForm>
  );
}
