'use client';
import type { Role } from '@nimbus/core';
import { Button, Card, CopyButton, Field, Input, Notice, Select, TextField, useToast } from '@nimbus/ui';
// Invites someone by e-mail with a role. Without an SMTP server the API keeps the mail in its outbox
// and answers delivered:false; then the owner gets the link to pass on themselves.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { RoleOptions } from './role-options';

type InviteReply = { email: string; role: Role; link: string; delivered: boolean };

export function InviteForm({ teamId }: { teamId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('MEMBER');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [undelivered, setUndelivered] = useState<InviteReply | null>(null);
  const router = useRouter();
  const toast = useToast();

  async function invite(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError('Enter the e-mail address of the person to invite.');
    setSending(true);
    setError(null);
    try {
      const reply = await api()<InviteReply>(`/v1/teams/${teamId}/members`, { body: { email: email.trim(), role } });
      setUndelivered(reply.delivered ? null : reply);
      toast.success(reply.delivered ? `Invitation sent to ${reply.email}.` : `Invitation for ${reply.email} created.`);
      setEmail('');
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={invite} noValidate>
      <Card
        id="invite"
        title="Invite member"
        description="They get a link to join this team with the role you choose. Links expire after 7 days."
        footer={
          <>
            <span>Only owners can invite.</span>
            <Button type="submit" variant="primary" size="small" loading={sending}>
              Invite
            </Button>
          </>
        }
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_180px]">
          <TextField
            label="E-mail"
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            value={email}
            error={error}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field label="Role">
            {(control) => (
              <Select {...control} value={role} onChange={(e) => setRole(e.target.value as Role)}>
                <RoleOptions />
              </Select>
            )}
          </Field>
        </div>
        {undelivered && (
          <Notice tone="warning" className="p-4">
            <p className="font-medium">No SMTP server is configured: copy the invitation link</p>
            <p className="text-muted">
              Send it to {undelivered.email} yourself. Anyone with the link who logs in with that e-mail can join as{' '}
              {undelivered.role.toLowerCase()}.
            </p>
            <div className="flex gap-2">
              <Input
                readOnly
                value={undelivered.link}
                aria-label="Invitation link"
                onFocus={(e) => e.currentTarget.select()}
                className="font-mono text-xs"
              />
              <CopyButton value={undelivered.link} label="Copy link" size="medium" />
            </div>
          </Notice>
        )}
      </Card>
    </form>
  );
}
