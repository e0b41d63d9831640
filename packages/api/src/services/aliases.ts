// Aliases of deployments, and promote / rollback: both only move the project's production host to
// an existing READY deployment, in one transaction, with no rebuild.
import * as db from '@nimbus/db';
import { fullHost } from '../deployment-json';
import { audit } from './audit';
import { authorize, engineOf, type ServiceContext } from './context';

/** Hosts that point at the deployment, in the shape `vercel alias ls` reads. */
export async function list(ctx: ServiceContext, idOrUrl: string) {
  const scope = await authorize(ctx, 'deployment:read');
  const deployment = await db.findDeployment(ctx.db, scope.teamId, idOrUrl, ctx.options.deployDomain);
  const rows = await db.listDeploymentAliases(ctx.db, deployment.id);
  return {
    aliases: rows.map((a) => ({
      uid: a.id,
      alias: fullHost(a.host, ctx.options),
      created: a.createdAt.toISOString(),
      redirect: null,
      protectionBypass: {},
    })),
  };
}

async function move(ctx: ServiceContext, project: string, deploymentId: string, mode: 'promote' | 'rollback') {
  const scope = await authorize(ctx, 'deployment:promote');
  const { id: projectId } = await db.getProject(ctx.db, scope.teamId, project);
  const { host, deployment } = await db.moveProduction(ctx.db, { teamId: scope.teamId, projectId, deploymentId, mode });
  engineOf(ctx).events.emit('alias', host);
  await audit(
    ctx,
    mode === 'promote' ? 'deployment.promoted' : 'deployment.rolled_back',
    { type: 'deployment', id: deployment.id, name: deployment.host },
    { projectId, alias: host },
  );
  return { projectId, deploymentId: deployment.id, alias: fullHost(host, ctx.options) };
}

/** Any READY deployment of the project serves production. */
export function promote(ctx: ServiceContext, project: string, deploymentId: string) {
  return move(ctx, project, deploymentId, 'promote');
}

/** Back to an earlier READY production deployment. */
export function rollback(ctx: ServiceContext, project: string, deploymentId: string) {
  return move(ctx, project, deploymentId, 'rollback');
}
