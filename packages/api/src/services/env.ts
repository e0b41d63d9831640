// Environment variables of a project. Every role that reads the project sees the keys; values are
// decrypted only on request for roles with env:read, and "sensitive" ones never again.
import { can, ENV_TARGETS, isEnvTarget } from '@nimbus/core';
import * as db from '@nimbus/db';
import type { z } from 'zod';
import { envJson } from '../project-json';
import type { EnvCreateItem, EnvListQuery, EnvPatch } from '../schemas/projects';
import { authorize } from './access';
import { audit } from './audit';
import { engineOf, type ServiceContext } from './context';

export type EnvListInput = Pick<z.output<typeof EnvListQuery>, 'decrypt' | 'target'>;
type EnvItem = z.output<typeof EnvCreateItem>;

export async function list(ctx: ServiceContext, project: string, input: EnvListInput = {}) {
  const scope = await authorize(ctx, 'project:read');
  const { id } = await db.getProject(ctx.db, scope.teamId, project);
  const reveal = input.decrypt === 'true' && can(scope.role, 'env:read');
  const rows = (await db.listEnvVars(ctx.db, id)).filter((v) => !input.target || v.targets.includes(input.target));
  const envs = rows.map((v) => envJson(v, reveal ? engineOf(ctx).cipher.decrypt(v.valueEncrypted) : undefined));
  return { envs, pagination: { count: envs.length, next: null, prev: null } };
}

/** One variable or several, all or none; the reply mirrors the request (one object or a list). */
export async function create(ctx: ServiceContext, project: string, input: EnvItem | EnvItem[]) {
  if ([input].flat().some((item) => item.customEnvironmentIds?.length))
    return createInEnvironments(ctx, project, input);
  const scope = await authorize(ctx, 'env:write');
  const { id: projectId } = await db.getProject(ctx.db, scope.teamId, project);
  const rows = await db.createEnvVars(ctx.db, engineOf(ctx).cipher, {
    projectId,
    userId: ctx.actor.user.id,
    items: Array.isArray(input) ? input : [input],
  });
  await recordEnv(ctx, 'env.created', projectId, rows);
  const created = rows.map((v) => envJson(v));
  return { created: Array.isArray(input) ? created : created[0]!, failed: [] as unknown[] };
}

export async function update(ctx: ServiceContext, project: string, id: string, patch: z.output<typeof EnvPatch>) {
  const scope = await authorize(ctx, 'env:write');
  const { id: projectId } = await db.getProject(ctx.db, scope.teamId, project);
  const row = await db.updateEnvVar(ctx.db, engineOf(ctx).cipher, projectId, id, patch);
  await recordEnv(ctx, 'env.updated', projectId, [row], Object.keys(patch));
  return envJson(row);
}

export async function remove(ctx: ServiceContext, project: string, id: string) {
  const scope = await authorize(ctx, 'env:write');
  const { id: projectId } = await db.getProject(ctx.db, scope.teamId, project);
  const row = await db.deleteEnvVar(ctx.db, projectId, id);
  await recordEnv(ctx, 'env.deleted', projectId, [row]);
  return envJson(row);
}

/** One variable (SDK `getProjectEnv`): the value decrypted for roles with env:read, as the list's ?decrypt=true. */
export async function getOne(ctx: ServiceContext, project: string, id: string) {
  const scope = await authorize(ctx, 'project:read');
  const { id: projectId } = await db.getProject(ctx.db, scope.teamId, project);
  const row = await db.getEnvVar(ctx.db, projectId, id);
  return envJson(row, can(scope.role, 'env:read') ? engineOf(ctx).cipher.decrypt(row.valueEncrypted) : undefined);
}

/**
 * The values `vercel pull` and `vercel env pull` write to `.vercel/.env.<target>.local`: the project's
 * variables of one target, decrypted ("sensitive" ones stay empty, as on Vercel). With a deployment id,
 * `buildEnv` is what that deployment's build got.
 */
export async function pull(ctx: ServiceContext, idOrName: string, target: string = 'development') {
  const scope = await authorize(ctx, 'env:read');
  const { cipher } = engineOf(ctx);
  if (idOrName.startsWith('dpl_')) {
    const d = await db.findDeployment(ctx.db, scope.teamId, idOrName, ctx.options.deployDomain);
    const buildEnv = d.customEnvironmentId
      ? await db.envForCustomEnvironment(ctx.db, cipher, d.projectId, d.customEnvironmentId)
      : await db.envForTarget(ctx.db, cipher, d.projectId, d.target);
    for (const [k, v] of Object.entries(d.buildEnv)) buildEnv[k] = cipher.decrypt(v);
    return { env: {}, buildEnv };
  }
  const { id } = await db.getProject(ctx.db, scope.teamId, idOrName);
  const rows = await db.listEnvVars(ctx.db, id);
  let applies = (v: db.EnvVar) => isEnvTarget(target) && v.targets.includes(target);
  if (!isEnvTarget(target)) {
    const own = await db.listCustomEnvironments(ctx.db, id);
    const environment = own.find((e) => e.slug === target || e.id === target);
    if (!environment) {
      const known = [...ENV_TARGETS, ...own.map((e) => e.slug)].join(', ');
      throw new db.DomainError('bad_request', `"${target}" is not an environment of this project: use ${known}.`);
    }
    applies = (v) => v.customEnvironmentIds.includes(environment.id);
  }
  const env: Record<string, string> = {};
  for (const v of rows.filter(applies)) env[v.key] = v.type === 'sensitive' ? '' : cipher.decrypt(v.valueEncrypted);
  return { env, buildEnv: {} };
}

/** Variables for custom environments (`vercel env add KEY staging`): the same reply as `create`. */
async function createInEnvironments(ctx: ServiceContext, project: string, input: EnvItem | EnvItem[]) {
  const scope = await authorize(ctx, 'env:write');
  const { id: projectId } = await db.getProject(ctx.db, scope.teamId, project);
  const items = [input].flat().map((item) => ({ ...item, customEnvironmentIds: item.customEnvironmentIds ?? [] }));
  const rows = await db.createCustomEnvVars(ctx.db, engineOf(ctx).cipher, {
    projectId,
    userId: ctx.actor.user.id,
    items,
  });
  await recordEnv(ctx, 'env.created', projectId, rows);
  const created = rows.map((v) => envJson(v));
  return { created: Array.isArray(input) ? created : created[0]!, failed: [] as unknown[] };
}

/** One event per variable, by key and targets only: a value never reaches the audit log. */
async function recordEnv(
  ctx: ServiceContext,
  action: 'env.created' | 'env.updated' | 'env.deleted',
  projectId: string,
  rows: db.EnvVar[],
  fields?: string[],
) {
  for (const v of rows) {
    const meta = { projectId, target: v.targets, type: v.type, ...(fields ? { fields } : {}) };
    await audit(ctx, action, { type: 'env', id: v.id, name: v.key }, meta);
  }
}
