// Deployments of the team in scope: create from a file list (the engine reports missing_files and
// queues the build), read by id or URL, list with filters and pages, cancel, delete. Each reply
// names the creator by username, so no caller has to look members up.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import { submitDeployment } from '@nimbus/engine';
import type { DeploymentCreate } from '@nimbus/engine/src/deploy-request';
import type { Scope } from '../context';
import { deploymentJson, deploymentListItem, type HostContext } from '../deployment-json';
import type { DeploymentListQuery } from '../schemas/deployments';
import { authorize, engineOf, hostContext, type ServiceContext } from './context';

export type DeploymentListInput = Omit<z.output<typeof DeploymentListQuery>, 'teamId' | 'slug'>;

/** Hosts and inspector URLs of the scope, plus the usernames of these deployments' creators (one query). */
async function replyContext(ctx: ServiceContext, scope: Scope, deployments: db.Deployment[]): Promise<HostContext> {
  const creators = deployments.flatMap((d) => (d.creatorId ? [d.creatorId] : []));
  return { ...hostContext(ctx, scope), usernames: await db.usernamesById(ctx.db, creators) };
}

export async function create(ctx: ServiceContext, input: DeploymentCreate) {
  const scope = await authorize(ctx, 'deployment:create');
  const deployment = await submitDeployment(ctx.db, engineOf(ctx), {
    ...input,
    teamId: scope.teamId,
    userId: ctx.actor.user.id,
    source: ctx.actor.via === 'token' ? 'cli' : 'dashboard',
  });
  return deploymentJson(deployment, await replyContext(ctx, scope, [deployment]));
}

/** By id, host or URL; with the hosts that point at it. */
export async function get(ctx: ServiceContext, idOrUrl: string) {
  const scope = await authorize(ctx, 'deployment:read');
  const deployment = await db.findDeployment(ctx.db, scope.teamId, idOrUrl, ctx.options.deployDomain);
  const [aliases, reply] = await Promise.all([
    db.listDeploymentAliases(ctx.db, deployment.id),
    replyContext(ctx, scope, [deployment]),
  ]);
  return deploymentJson(
    deployment,
    reply,
    aliases.map((a) => a.host),
  );
}

/** Newest first, filtered by project (id or name), target and states. */
export async function list(ctx: ServiceContext, input: DeploymentListInput) {
  const scope = await authorize(ctx, 'deployment:read');
  const projectRef = input.projectId ?? input.app;
  const projectId = projectRef ? (await db.getProject(ctx.db, scope.teamId, projectRef)).id : undefined;
  const { items, next, prev } = await db.listDeployments(ctx.db, scope.teamId, { ...input, projectId });
  const reply = await replyContext(ctx, scope, items);
  return {
    deployments: items.map((d) => deploymentListItem(d, reply)),
    pagination: { count: items.length, next, prev },
  };
}

/** Stops a queued or running build; the worker building it sees the event and stops. */
export async function cancel(ctx: ServiceContext, id: string) {
  const scope = await authorize(ctx, 'deployment:cancel');
  const deployment = await db.cancelDeployment(ctx.db, scope.teamId, id);
  engineOf(ctx).events.emit('canceled', deployment.id);
  return deploymentJson(deployment, await replyContext(ctx, scope, [deployment]));
}

/** Deletes a deployment that serves no alias; the edges forget its host at once. */
export async function remove(ctx: ServiceContext, id: string) {
  const scope = await authorize(ctx, 'deployment:delete');
  const deployment = await db.deleteDeployment(ctx.db, scope.teamId, id);
  const { events } = engineOf(ctx);
  events.emit('canceled', deployment.id);
  events.emit('alias', deployment.host);
  return { uid: deployment.id, state: 'DELETED' as const };
}
