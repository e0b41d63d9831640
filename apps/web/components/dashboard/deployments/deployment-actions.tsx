'use client';
import type { DeploymentJson, ProjectJson } from '@nimbus/api';
import { Button, useToast } from '@nimbus/ui';
// What can be done to one deployment, each confirmed first and reported by a toast: promote a ready
// deployment (or roll back to an earlier production one; both only move the production host, so the
// toast offers Undo, which moves it back), redeploy, cancel a build, delete. Controls the role may
// not use are left out, with a note saying so; the API refuses them anyway.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { mutate } from 'swr';
import { api, errorMessage } from '../api';
import { ConfirmModal } from '../confirm-modal';
import { productionIdOf, projectKey, useProject } from '../projects/use-project';
import { deploymentPath, projectPath } from './links';
import { isActive } from './state-badge';
import { deploymentKey } from './use-deployment';

export interface Permissions {
  promote: boolean;
  create: boolean;
  cancel: boolean;
  delete: boolean;
}

type Action = 'promote' | 'rollback' | 'redeploy' | 'cancel' | 'delete';

interface Props {
  team: { id: string; slug: string };
  project: ProjectJson;
  deployment: DeploymentJson;
  can: Permissions;
}

export function DeploymentActions({ team, project: initialProject, deployment: d, can }: Props) {
  const [dialog, setDialog] = useState<{ action: Action; open: boolean } | null>(null);
  const router = useRouter();
  const toast = useToast();
  const { data: project } = useProject(team.id, initialProject);
  const productionId = productionIdOf(project);
  const production = project?.targets.production;
  const query = { teamId: team.id };
  const name = initialProject.name;

  const refresh = () =>
    Promise.all([mutate(projectKey(team.id, name)), mutate(deploymentKey(team.id, d.id)), router.refresh()]);

  async function serve(id: string, mode: 'promote' | 'rollback') {
    const path =
      mode === 'promote'
        ? `/v10/projects/${encodeURIComponent(name)}/promote/${id}`
        : `/v9/projects/${encodeURIComponent(name)}/rollback/${id}`;
    await api()(path, { method: 'POST', query });
    await refresh();
  }

  async function move(mode: 'promote' | 'rollback') {
    const previous = productionId;
    await serve(d.id, mode);
    const undo = async () => {
      try {
        await serve(previous!, 'promote');
        toast.success('Production is back on the previous deployment.');
      } catch (err) {
        toast.error(errorMessage(err));
      }
    };
    toast.success(
      mode === 'promote' ? 'Promoted to production.' : 'Rolled back production.',
      previous ? { onUndoAction: () => void undo() } : undefined,
    );
  }

  const run: Record<Action, () => Promise<void>> = {
    promote: () => move('promote'),
    rollback: () => move('rollback'),
    async redeploy() {
      const created = await api()<DeploymentJson>('/v13/deployments', { body: { deploymentId: d.id, name }, query });
      toast.success('Redeploy queued.');
      router.push(deploymentPath(team.slug, name, created.id));
    },
    async cancel() {
      await api()(`/v12/deployments/${d.id}/cancel`, { method: 'PATCH', query });
      await refresh();
      toast.success('Deployment canceled.');
    },
    async delete() {
      await api()(`/v13/deployments/${d.id}`, { method: 'DELETE', query });
      toast.success('Deployment deleted.');
      router.push(projectPath(team.slug, name));
    },
  };

  const current = d.id === productionId;
  // An older production deployment is a rollback; anything else ready is a promotion.
  const rollback = d.target === 'production' && production !== undefined && d.createdAt < production.createdAt;
  const shown: Action[] = [];
  if (can.promote && d.readyState === 'READY' && !current) shown.push(rollback ? 'rollback' : 'promote');
  if (can.create && !isActive(d.readyState)) shown.push('redeploy');
  if (can.cancel && isActive(d.readyState)) shown.push('cancel');
  if (can.delete && !current) shown.push('delete');
  const missing = [!can.promote && 'promote', !can.create && 'redeploy', !can.delete && 'delete'].filter(
    (w): w is string => Boolean(w),
  );

  return (
    <div className="flex flex-wrap items-center gap-2">
      {shown.map((action) => (
        <Button
          key={action}
          size="small"
          variant={
            action === 'delete' || action === 'cancel' ? 'ghost' : action === 'redeploy' ? 'secondary' : 'primary'
          }
          onClick={() => setDialog({ action, open: true })}
        >
          {COPY[action].button}
        </Button>
      ))}
      {missing.length > 0 && (
        <p className="text-xs text-muted">
          Your role cannot {missing.length > 1 ? `${missing.slice(0, -1).join(', ')} or ${missing.at(-1)}` : missing[0]}{' '}
          deployments here.
        </p>
      )}
      {dialog && (
        <ConfirmModal
          open={dialog.open}
          onClose={() => setDialog({ ...dialog, open: false })}
          title={COPY[dialog.action].title}
          description={COPY[dialog.action].description(d.url, production?.alias[0])}
          confirmLabel={COPY[dialog.action].button}
          cancelLabel={COPY[dialog.action].keep}
          confirmVariant={dialog.action === 'delete' || dialog.action === 'cancel' ? 'danger' : 'primary'}
          onConfirm={run[dialog.action]}
        />
      )}
    </div>
  );
}

const COPY: Record<
  Action,
  { button: string; keep?: string; title: string; description: (url: string, host?: string) => string }
> = {
  promote: {
    button: 'Promote',
    title: 'Promote to production',
    description: (url, host) =>
      `${host ?? 'The production host'} will serve ${url}. Nothing is rebuilt, and you can undo it right after.`,
  },
  rollback: {
    button: 'Roll back',
    title: 'Roll back production',
    description: (url, host) =>
      `${host ?? 'The production host'} will serve this earlier deployment, ${url}, again. Nothing is rebuilt, and you can undo it right after.`,
  },
  redeploy: {
    button: 'Redeploy',
    title: 'Redeploy',
    description: () =>
      'Builds the same files again, with the project’s current settings and environment variables, in the same environment.',
  },
  cancel: {
    button: 'Cancel build',
    keep: 'Keep building',
    title: 'Cancel build',
    description: (url) =>
      `Stops the build of ${url}. A canceled deployment cannot be resumed; redeploy it to build again.`,
  },
  delete: {
    button: 'Delete',
    title: 'Delete deployment',
    description: (url) => `Deletes ${url} and its files. This cannot be undone.`,
  },
};
