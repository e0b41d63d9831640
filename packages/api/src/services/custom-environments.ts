// Custom environments of a project (db/queries/custom-environments.ts), in the shape the vercel CLI
// (`target ls`, `env add`, `deploy --target`) and @vercel/sdk read. Their variables go through env.ts.
import * as db from '@nimbus/db';
import { authorize } from './access';
import type { ServiceContext } from './context';

export function environmentJson(e: db.CustomEnvironment) {
  return {
    id: e.id,
    slug: e.slug,
    type: 'preview' as const,
    description: e.description,
    ...(e.branchMatcher ? { branchMatcher: e.branchMatcher } : {}),
    domains: [] as unknown[],
    currentDeploymentAliases: [] as string[],
    createdAt: e.createdAt.getTime(),
    updatedAt: e.updatedAt.getTime(),
  };
}

async function projectOf(ctx: ServiceContext, idOrName: string, action: 'project:read' | 'project:update') {
  const scope = await authorize(ctx, action);
  return db.getProject(ctx.db, scope.teamId, idOrName);
}

export async function list(ctx: ServiceContext, idOrName: string) {
  const project = await projectOf(ctx, idOrName, 'project:read');
  const environments = (await db.listCustomEnvironments(ctx.db, project.id)).map(environmentJson);
  return { accountLimit: { total: environments.length }, environments };
}

export async function get(ctx: ServiceContext, idOrName: string, slugOrId: string) {
  const project = await projectOf(ctx, idOrName, 'project:read');
  return environmentJson(await db.getCustomEnvironment(ctx.db, project.id, slugOrId));
}

export async function create(
  ctx: ServiceContext,
  idOrName: string,
  input: { slug: string; description?: string; branchMatcher?: db.BranchMatcher },
) {
  const project = await projectOf(ctx, idOrName, 'project:update');
  return environmentJson(await db.createCustomEnvironment(ctx.db, { projectId: project.id, ...input }));
}

/** Deletes it and its own variables; deployments made in it keep serving. */
export async function remove(ctx: ServiceContext, idOrName: string, slugOrId: string) {
  const project = await projectOf(ctx, idOrName, 'project:update');
  return environmentJson(await db.deleteCustomEnvironment(ctx.db, project.id, slugOrId));
}
