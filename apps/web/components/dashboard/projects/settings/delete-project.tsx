'use client';
import { Button, Card, useToast } from '@nimbus/ui';
// Deletes a project after its name is typed: its deployments stop being served at once, for every
// member, and nothing brings them back.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../../api';
import { ConfirmModal } from '../../confirm-modal';

export function DeleteProject({
  team,
  project,
}: {
  team: { id: string; slug: string };
  project: { id: string; name: string };
}) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const toast = useToast();

  async function remove() {
    await api()(`/v9/projects/${project.id}`, { method: 'DELETE', query: { teamId: team.id } });
    toast.success(`The project ${project.name} was deleted.`);
    router.replace(`/${team.slug}`);
    router.refresh();
  }

  return (
    <Card
      id="delete-project"
      tone="danger"
      title="Delete project"
      description="Permanently remove this project with all of its deployments, domains and environment variables. This cannot be undone."
      footer={
        <>
          <span>Every deployment URL of this project stops working.</span>
          <Button variant="danger" size="small" onClick={() => setOpen(true)}>
            Delete project
          </Button>
        </>
      }
    >
      <ConfirmModal
        open={open}
        onClose={() => setOpen(false)}
        title="Delete project"
        description={
          <>
            This permanently deletes <strong className="text-foreground">{project.name}</strong> and every one of its
            deployments.
          </>
        }
        confirmLabel="Delete project"
        typeToConfirm={project.name}
        onConfirm={remove}
      />
    </Card>
  );
}
