'use client';
import { Button, Card, Select } from '@nimbus/ui';
// Deletes the account after the username is typed. Each team only this user owns is handed over to a
// member chosen here, or deleted with its projects; the list says which before anything happens.
import { useState } from 'react';
import { api } from '../api';
import { ConfirmModal } from '../confirm-modal';

export interface SoleOwnedTeam {
  id: string;
  slug: string;
  members: { id: string; username: string }[];
}

export function DeleteAccount({ username, teams }: { username: string; teams: SoleOwnedTeam[] }) {
  const [open, setOpen] = useState(false);
  const [handover, setHandover] = useState<Record<string, string>>({});

  async function remove() {
    const chosen = Object.fromEntries(Object.entries(handover).filter(([, heir]) => heir));
    await api()('/v1/user', { method: 'DELETE', body: { confirm: username, handover: chosen } });
    window.location.assign('/');
  }

  return (
    <Card
      id="delete-account"
      tone="danger"
      title="Delete account"
      description="Permanently delete your account, your personal projects and deployments, and every session and token. This cannot be undone."
      footer={
        <>
          <span>Teams you share with others stay with them.</span>
          <Button variant="danger" size="small" onClick={() => setOpen(true)}>
            Delete account
          </Button>
        </>
      }
    >
      {teams.length > 0 && (
        <ul aria-label="Teams only you own" className="flex flex-col gap-3 text-sm">
          {teams.map((team) => (
            <li key={team.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                You are the only owner of <strong>{team.slug}</strong>.
              </span>
              <Select
                aria-label={`Who takes over ${team.slug}`}
                value={handover[team.id] ?? ''}
                onChange={(e) => setHandover({ ...handover, [team.id]: e.target.value })}
              >
                <option value="">Delete the team</option>
                {team.members.map((m) => (
                  <option key={m.id} value={m.id}>
                    Hand over to {m.username}
                  </option>
                ))}
              </Select>
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={open}
        onClose={() => setOpen(false)}
        title="Delete account"
        description={
          <>
            This permanently deletes <strong className="text-foreground">{username}</strong>, and the teams you chose to
            delete.
          </>
        }
        confirmLabel="Delete account"
        typeToConfirm={username}
        onConfirm={remove}
      />
    </Card>
  );
}
