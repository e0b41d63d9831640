// Aliases of deployments (`vercel alias set|ls|rm`, the SDK's aliases.*), and promote / rollback:
// both only move the project's production host to an existing READY deployment, in one transaction,
// with no rebuild. An alias is a free label under the deploy domain (`my-alias.<deploy domain>`), or a
// name under a domain the team verified; any other name is refused.
import { checkDomain } from '@nimbus/core';
import * as db from '@nimbus/db';
import { fullHost } from '../deployment-json';
import { page } from '../serialize';
import { authorize } from './access';
import { audit } from './audit';
import { engineOf, type ServiceContext } from './context';
import { announce } from './domains';

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

function aliasJson(ctx: ServiceContext, a: db.Alias) {
  return {
    uid: a.id,
    alias: fullHost(a.host, ctx.options),
    created: a.createdAt.toISOString(),
    createdAt: a.createdAt.getTime(),
    updatedAt: a.updatedAt.getTime(),
    deploymentId: a.deploymentId,
    projectId: a.projectId,
    deployment: { id: a.deploymentId },
    /** `production`: the project's production host (moved by promote); `custom`: set by `alias set`. */
    kind: a.kind,
    redirect: null,
    protectionBypass: {},
  };
}

/** Hosts that point at the deployment, in the shape `vercel alias ls` reads. */
export async function list(ctx: ServiceContext, idOrUrl: string) {
  const scope = await authorize(ctx, 'deployment:read');
  const deployment = await db.findDeployment(ctx.db, scope.teamId, idOrUrl, ctx.options.deployDomain);
  const rows = await db.listDeploymentAliases(ctx.db, deployment.id);
  return { aliases: rows.map((a) => aliasJson(ctx, a)) };
}

/** The team's aliases, newest first, Vercel's pages (`until` = the previous page's `next`). */
export async function listTeam(ctx: ServiceContext, query: { limit: number; until?: number }) {
  const scope = await authorize(ctx, 'deployment:read');
  const rows = await db.listTeamAliases(ctx.db, scope.teamId, { limit: query.limit + 1, until: query.until });
  const items = rows.slice(0, query.limit);
  const next = rows.length > query.limit ? items.at(-1)!.createdAt.getTime() : null;
  return { aliases: items.map((a) => aliasJson(ctx, a)), pagination: page(items, next) };
}

/**
 * `my-alias.localhost:3000`, `https://my-alias.localhost`, `my-alias` → the stored host: a label for
 * the deploy domain, else the full name. Null when it cannot be an alias.
 */
function hostOf(ctx: ServiceContext, input: string): { host: string; custom: boolean } | { problem: string } {
  const { deployDomain } = ctx.options;
  const name = decodeURIComponent(input)
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  const label = name.endsWith(`.${deployDomain}`) ? name.slice(0, -deployDomain.length - 1) : name;
  if (!label.includes('.')) {
    if (LABEL.test(label)) return { host: label, custom: false };
    return {
      problem: `"${label}" is not a valid label: use 1 to 63 letters, digits and dashes, not starting or ending with a dash.`,
    };
  }
  if (name.endsWith(`.${deployDomain}`))
    return { problem: `Aliases on ${deployDomain} are one label deep, like my-alias.${deployDomain}.` };
  const check = checkDomain(name, deployDomain);
  if (!check.ok) return { problem: check.message };
  return { host: check.name, custom: true };
}

/** `alias set <deployment> <alias>`: moves the alias there if the team has it, else creates it. */
export async function set(ctx: ServiceContext, idOrUrl: string, input: string) {
  const scope = await authorize(ctx, 'domain:write');
  const parsed = hostOf(ctx, input);
  if ('problem' in parsed) throw new db.DomainError('invalid_domain', parsed.problem);
  if (parsed.custom) {
    const check = checkDomain(parsed.host);
    const apex = check.ok ? check.apex : parsed.host;
    if (!(await db.teamVerifiedDomain(ctx.db, scope.teamId, apex)))
      throw new db.DomainError(
        'forbidden',
        `"${parsed.host}" is not on ${ctx.options.deployDomain} nor on a domain this team verified. Add ${apex} (\`vercel domains add ${apex}\`), set its TXT record, then try again.`,
      );
  }
  const deployment = await db.findDeployment(ctx.db, scope.teamId, idOrUrl, ctx.options.deployDomain);
  const previous = await db.findTeamAlias(ctx.db, scope.teamId, parsed.host);
  const row = await db.setCustomAlias(ctx.db, deployment, parsed.host);
  announce(ctx, [row.host]);
  const meta = { projectId: deployment.projectId, deploymentId: deployment.id };
  await audit(
    ctx,
    'alias.set',
    { type: 'alias', id: row.id, name: fullHost(row.host, ctx.options) },
    meta,
    scope.teamId,
  );
  return {
    uid: row.id,
    alias: fullHost(row.host, ctx.options),
    created: row.createdAt.toISOString(),
    oldDeploymentId: previous && previous.deploymentId !== deployment.id ? previous.deploymentId : null,
  };
}

function lookupKey(ctx: ServiceContext, idOrAlias: string): string {
  if (idOrAlias.startsWith('als_')) return idOrAlias;
  const parsed = hostOf(ctx, idOrAlias);
  return 'host' in parsed ? parsed.host : idOrAlias;
}

/** One alias of the team by id or name (`vercel alias rm` looks it up first, then removes it by uid). */
export async function get(ctx: ServiceContext, idOrAlias: string) {
  const scope = await authorize(ctx, 'deployment:read');
  const row = await db.findTeamAlias(ctx.db, scope.teamId, lookupKey(ctx, idOrAlias));
  if (!row) throw db.notFound(`The alias "${idOrAlias}"`);
  return aliasJson(ctx, row);
}

export async function remove(ctx: ServiceContext, idOrAlias: string) {
  const scope = await authorize(ctx, 'domain:write');
  const row = await db.removeAlias(ctx.db, scope.teamId, lookupKey(ctx, idOrAlias));
  announce(ctx, [row.host]);
  const meta = { projectId: row.projectId, deploymentId: row.deploymentId };
  await audit(
    ctx,
    'alias.removed',
    { type: 'alias', id: row.id, name: fullHost(row.host, ctx.options) },
    meta,
    scope.teamId,
  );
  return { status: 'SUCCESS' as const };
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
  announce(ctx, await db.projectDomainNames(ctx.db, [projectId]));
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
