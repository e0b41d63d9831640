'use client';
import type { TeamJson } from '@nimbus/api';
import { TEAM_NAME_MAX, validateTeamName } from '@nimbus/core';
import { TextField, useToast } from '@nimbus/ui';
// Renames a team. The name is checked with the same rule as the API (docs/spec.md §5) before it is sent.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { SettingsForm } from '../settings-form';
import { useSubmit } from '../use-submit';

export function TeamNameForm({
  team,
  canEdit,
}: {
  team: Pick<TeamJson, 'id' | 'name' | 'slug' | 'personal'>;
  canEdit: boolean;
}) {
  const [name, setName] = useState(team.name ?? '');
  const { saving, error, setError, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateTeamName(name);
    setError(problem);
    if (problem) return;
    await run(async () => {
      await api()(`/v2/teams/${team.id}`, { method: 'PATCH', body: { name: name.trim() } });
      toast.success('Team name saved.');
      router.refresh();
    });
  }

  const label = team.personal ? 'Account name' : 'Team name';
  return (
    <SettingsForm
      id="team-name"
      title={label}
      description={
        team.personal
          ? 'The name of your personal account, as your teammates see it.'
          : 'The name of the team as everyone in it sees it.'
      }
      note={`Use ${TEAM_NAME_MAX} characters at most.`}
      onSubmit={save}
      saving={saving}
      dirty={name.trim() !== (team.name ?? '')}
      canEdit={canEdit}
    >
      <TextField
        label={label}
        className="max-w-md"
        value={name}
        readOnly={!canEdit}
        maxLength={TEAM_NAME_MAX}
        error={error}
        onChange={(e) => {
          setName(e.target.value);
          if (error) setError(validateTeamName(e.target.value));
        }}
      />
    </SettingsForm>
  );
}
