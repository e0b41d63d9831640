'use client';
import type { TeamJson, UserJson } from '@nimbus/api';
import { sortTeams } from '@nimbus/core';
import { Button, Field, Modal, Select, useToast } from '@nimbus/ui';
// The set-default-team modal of docs/spec.md §1 and §4: the team opened after login. Mounted by the dashboard
// layout only for logged-in users, opened from the scope switcher and from account settings.
import { useRouter } from 'next/navigation';
import { createContext, type ReactNode, use, useState } from 'react';
import { api } from './api';
import { scopeName } from './names';
import { useSubmit } from './use-submit';

const OpenContext = createContext<(() => void) | null>(null);

export function useDefaultTeamModal(): () => void {
  const open = use(OpenContext);
  if (!open) throw new Error('useDefaultTeamModal() needs <DefaultTeamModalProvider> (the dashboard layout).');
  return open;
}

type Props = {
  user: Pick<UserJson, 'name' | 'username' | 'defaultTeamId'>;
  teams: Pick<TeamJson, 'id' | 'slug' | 'name' | 'personal'>[];
  children: ReactNode;
};

export function DefaultTeamModalProvider({ user, teams, children }: Props) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(user.defaultTeamId ?? '');
  const { saving, error, setError, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();

  const show = () => {
    setChoice(user.defaultTeamId ?? teams[0]?.id ?? '');
    setError(null);
    setOpen(true);
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api()('/v2/user', { method: 'PATCH', body: { defaultTeamId: choice } });
      const team = teams.find((t) => t.id === choice);
      toast.success(`${team ? scopeName(team, user) : 'The team'} is now your default team.`);
      setOpen(false);
      router.refresh();
    });
  }

  return (
    <OpenContext value={show}>
      {children}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Set default team"
        description="Your default team opens after you log in and is used when no scope is chosen."
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" type="submit" form="default-team-form" loading={saving}>
              Save
            </Button>
          </>
        }
      >
        <form id="default-team-form" onSubmit={save}>
          <Field label="Default team" error={error}>
            {(control) => (
              <Select {...control} value={choice} onChange={(e) => setChoice(e.target.value)}>
                {sortTeams(teams, user.defaultTeamId).map((team) => (
                  <option key={team.id} value={team.id}>
                    {scopeName(team, user)}
                    {team.personal ? ' (personal account)' : ''}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </form>
      </Modal>
    </OpenContext>
  );
}
