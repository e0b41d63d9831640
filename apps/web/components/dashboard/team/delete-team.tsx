'use client';
import type { TeamJson } from '@nimbus/api';
import { Button, Card, useToast } from '@nimbus/ui';
// Deletes a team after the owner types its slug: deleting removes its projects and deployments
// for every member, so one stray click must never be enough.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { api } from '../api';
import { ConfirmModal } from '../confirm-modal';
import { setScopeCookie } from '../scope-cookie';

export function DeleteTeam({ team, afterDelete }: { team: Pick<TeamJson, 'id' | 'slug'>; afterDelete: string }) {
  const [open, setOpen] = useState(false);
  const [, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  async function remove() {
    await api()(`/v1/teams/${team.id}`, { method: 'DELETE' });
    setScopeCookie(afterDelete.slice(1));
    toast.success(`The team ${team.slug} was deleted.`);
    startTransition(() => {
      router.replace(afterDelete);
      router.refresh();
    });
  }

  return (
    <Card
      id="delete-team"
      tone="danger"
      title="Delete team"
      description="Permanently remove this team with its projects and deployments, for every member. This cannot be undone."
      footer={
        <>
          <span>Only owners can delete a team.</span>
          <Button variant="danger" size="small" onClick={() => setOpen(true)}>
            Delete team
          </Button>
        </>
      }
    >
      <ConfirmModal
        open={open}
        onClose={() => setOpen(false)}
        title="Delete team"
        description={
          <>
            This permanently deletes <strong className="text-foreground">{team.slug}</strong> with all of its projects
            and deployments.
          </>
        }
        confirmLabel="Delete team"
        typeToConfirm={team.slug}
        onConfirm={remove}
      />
    </Card>
  );
}
