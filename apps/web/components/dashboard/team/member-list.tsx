'use client';
import type { Member } from '@nimbus/api';
import { can, displayName, type Role } from '@nimbus/core';
import { Badge, Button, Card, Notice, Select, useToast } from '@nimbus/ui';
// Team members with their roles. Owners change roles and remove people; everyone can leave (except
// from a personal account). The API refuses to leave a team without an owner, and that message is
// shown above the list, where the user is looking, not only in a toast.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { api, errorMessage } from '../api';
import { Avatar } from '../avatar';
import { ConfirmModal } from '../confirm-modal';
import { setScopeCookie } from '../scope-cookie';
import { ROLE_LABELS, RoleOptions } from './role-options';

type Props = { teamId: string; members: Member[]; role: Role; userId: string; afterLeave: string };

export function MemberList({ teamId, members, role, userId, afterLeave }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  // The member stays set while the dialog animates out, so its text does not go blank.
  const [removing, setRemoving] = useState<Member | null>(null);
  const [dialog, setDialog] = useState<'remove' | 'leave' | null>(null);
  const [, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();
  const name = (m: Member) => displayName({ kind: 'user', name: m.name, username: m.username });

  async function changeRole(member: Member, next: Role) {
    setProblem(null);
    try {
      await api()(`/v1/teams/${teamId}/members/${member.uid}`, { method: 'PATCH', body: { role: next } });
      toast.success(`${name(member)} is now ${ROLE_LABELS[next].toLowerCase()}.`);
      router.refresh();
    } catch (err) {
      setProblem(errorMessage(err));
      toast.error(errorMessage(err));
    }
  }

  async function remove(member: Member) {
    await api()(`/v1/teams/${teamId}/members/${member.uid}`, { method: 'DELETE' });
    toast.success(`${name(member)} was removed from the team.`);
    router.refresh();
  }

  async function leave() {
    try {
      await api()(`/v1/teams/${teamId}/members/me`, { method: 'DELETE' });
    } catch (err) {
      setProblem(errorMessage(err));
      throw err;
    }
    setScopeCookie(afterLeave.slice(1));
    toast.success('You left the team.');
    startTransition(() => {
      router.replace(afterLeave);
      router.refresh();
    });
  }

  return (
    <Card
      id="members"
      title="Members"
      description={`${members.length} ${members.length === 1 ? 'person has' : 'people have'} access to this team.`}
    >
      {problem && <Notice>{problem}</Notice>}
      <ul className="-mx-6 divide-y divide-border border-t border-border">
        {members.map((member) => {
          const self = member.uid === userId;
          return (
            <li key={member.uid} className="flex flex-wrap items-center gap-3 px-6 py-3">
              <Avatar userId={member.uid} size={32} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">
                  {name(member)} {self && <span className="font-normal text-muted">(you)</span>}
                </p>
                <p className="truncate text-xs text-muted">{member.email}</p>
              </div>
              {can(role, 'members:update') ? (
                <Select
                  aria-label={`Role of ${name(member)}`}
                  controlSize="small"
                  widthClass="w-36"
                  value={member.role}
                  onChange={(e) => changeRole(member, e.target.value as Role)}
                >
                  <RoleOptions />
                </Select>
              ) : (
                <Badge>{ROLE_LABELS[member.role]}</Badge>
              )}
              {self ? (
                <Button size="small" onClick={() => setDialog('leave')}>
                  Leave team
                </Button>
              ) : (
                can(role, 'members:remove') && (
                  <Button
                    size="small"
                    variant="ghost"
                    onClick={() => (setRemoving(member), setDialog('remove'))}
                    aria-label={`Remove ${name(member)}`}
                  >
                    Remove
                  </Button>
                )
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmModal
        open={dialog === 'remove'}
        onClose={() => setDialog(null)}
        title="Remove member"
        description={removing ? `${name(removing)} loses access to this team and its projects.` : ''}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
      />
      <ConfirmModal
        open={dialog === 'leave'}
        onClose={() => setDialog(null)}
        title="Leave team"
        description="You lose access to this team and its projects until someone invites you again."
        confirmLabel="Leave team"
        onConfirm={leave}
      />
    </Card>
  );
}
