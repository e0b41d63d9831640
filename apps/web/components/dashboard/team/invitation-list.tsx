'use client';
import type { InvitationJson } from '@nimbus/api';
import { Badge, Button, Card, CopyButton, useToast } from '@nimbus/ui';
// Invitations not yet accepted, with their role and expiry; owners can copy the link again, resend
// the mail (it renews the 7 days; without SMTP it stays in the outbox) and revoke them.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { ConfirmModal } from '../confirm-modal';
import { formatDate } from '../format';
import { ROLE_LABELS } from './role-options';

export function InvitationList({
  teamId,
  invitations,
  canRevoke,
}: {
  teamId: string;
  invitations: InvitationJson[];
  canRevoke: boolean;
}) {
  // Kept after closing so the dialog's text stays while it animates out.
  const [revoking, setRevoking] = useState<InvitationJson | null>(null);
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const toast = useToast();

  const [resending, setResending] = useState<string | null>(null);

  async function resend(invitation: InvitationJson) {
    setResending(invitation.id);
    try {
      const reply = await api()<{ delivered: boolean }>(`/v1/teams/${teamId}/invitations/${invitation.id}/resend`, {
        method: 'POST',
      });
      toast.success(
        reply.delivered
          ? `Invitation sent again to ${invitation.email}.`
          : `No SMTP server is configured: copy the link for ${invitation.email}. It is valid for 7 more days.`,
      );
      router.refresh();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setResending(null);
    }
  }

  async function revoke(invitation: InvitationJson) {
    await api()(`/v1/teams/${teamId}/invitations/${invitation.id}`, { method: 'DELETE' });
    toast.success(`The invitation for ${invitation.email} was revoked.`);
    router.refresh();
  }

  return (
    <Card id="invitations" title="Pending invitations" description="People who were invited but have not joined yet.">
      <ul className="-mx-6 divide-y divide-border border-t border-border">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-6 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{invitation.email}</p>
              <p className="text-xs text-muted">Expires {formatDate(invitation.expiresAt)}</p>
            </div>
            <Badge>{ROLE_LABELS[invitation.role]}</Badge>
            {canRevoke && invitation.link && (
              <>
                <CopyButton
                  value={invitation.link}
                  variant="secondary"
                  label="Copy link"
                  aria-label={`Copy link for ${invitation.email}`}
                />
                <Button
                  size="small"
                  variant="secondary"
                  loading={resending === invitation.id}
                  onClick={() => resend(invitation)}
                  aria-label={`Resend invitation to ${invitation.email}`}
                >
                  Resend
                </Button>
              </>
            )}
            {canRevoke && (
              <Button
                size="small"
                variant="ghost"
                onClick={() => (setRevoking(invitation), setOpen(true))}
                aria-label={`Revoke invitation for ${invitation.email}`}
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmModal
        open={open}
        onClose={() => setOpen(false)}
        title="Revoke invitation"
        description={revoking ? `The link sent to ${revoking.email} stops working.` : ''}
        confirmLabel="Revoke"
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
      />
    </Card>
  );
}
