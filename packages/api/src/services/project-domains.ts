// A project's domains in Vercel's shapes (`/v9|v10/projects/{p}/domains`, the SDK's
// getProjectDomains / addProjectDomain ..., `vercel domains add <d> <project>`). Adding a name adds
// its apex to the team too; it serves the project's production deployment once the team's domain for
// that apex is verified (`POST .../verify` looks now; the worker rechecks in the background).
import { REDIRECT_STATUS_CODES } from '@nimbus/core';
import * as db from '@nimbus/db';
import { authorize } from './access';
import { audit } from './audit';
import type { ServiceContext } from './context';
import { announce, parseDomain, verificationJson, verifyTeamDomain } from './domains';

export interface DomainSettingsInput {
  redirect?: string | null;
  redirectStatusCode?: number | null;
  gitBranch?: string | null;
}

async function domainJson(ctx: ServiceContext, d: db.ProjectDomain) {
  const team = d.verified ? null : await db.findTeamDomain(ctx.db, d.teamId, d.apexName);
  return {
    name: d.name,
    apexName: d.apexName,
    projectId: d.projectId,
    redirect: d.redirect,
    redirectStatusCode: d.redirectStatusCode,
    gitBranch: d.gitBranch,
    customEnvironmentId: null,
    createdAt: d.createdAt.getTime(),
    updatedAt: d.updatedAt.getTime(),
    verified: d.verified,
    ...(team ? { verification: [verificationJson(team)] } : {}),
  };
}

/** A redirect target is another domain of the project, in the same normal form; the status defaults to 308. */
function settingsOf(ctx: ServiceContext, input: DomainSettingsInput): DomainSettingsInput {
  const status = input.redirectStatusCode;
  if (status != null && !(REDIRECT_STATUS_CODES as readonly number[]).includes(status))
    throw new db.DomainError('bad_request', `redirectStatusCode must be one of ${REDIRECT_STATUS_CODES.join(', ')}.`);
  return {
    redirect: input.redirect ? parseDomain(ctx, input.redirect).name : input.redirect,
    redirectStatusCode: status,
    gitBranch: input.gitBranch,
  };
}

async function projectOf(ctx: ServiceContext, project: string, action: 'domain:read' | 'domain:write') {
  const scope = await authorize(ctx, action);
  return { scope, project: await db.getProject(ctx.db, scope.teamId, project) };
}

export async function list(ctx: ServiceContext, project: string) {
  const { project: p } = await projectOf(ctx, project, 'domain:read');
  const rows = await db.listProjectDomains(ctx.db, p.id);
  const domains = await Promise.all(rows.map((r) => domainJson(ctx, r)));
  return { domains, pagination: { count: domains.length, next: null, prev: null } };
}

export async function get(ctx: ServiceContext, project: string, domain: string) {
  const { project: p } = await projectOf(ctx, project, 'domain:read');
  return domainJson(ctx, await db.getProjectDomain(ctx.db, p.id, parseDomain(ctx, domain).name));
}

export async function add(ctx: ServiceContext, project: string, input: { name: string } & DomainSettingsInput) {
  const { scope, project: p } = await projectOf(ctx, project, 'domain:write');
  const { name, apex } = parseDomain(ctx, input.name);
  const row = await db.addProjectDomain(ctx.db, {
    teamId: scope.teamId,
    projectId: p.id,
    name,
    apex,
    creatorId: ctx.actor.user.id,
    ...settingsOf(ctx, input),
  });
  announce(ctx, [name]);
  await audit(
    ctx,
    'project_domain.added',
    { type: 'domain', id: row.id, name },
    { projectId: p.id, projectName: p.name },
    scope.teamId,
  );
  return domainJson(ctx, row);
}

export async function update(ctx: ServiceContext, project: string, domain: string, input: DomainSettingsInput) {
  const { scope, project: p } = await projectOf(ctx, project, 'domain:write');
  const { name } = parseDomain(ctx, domain);
  const settings = settingsOf(ctx, input);
  const row = await db.updateProjectDomain(ctx.db, p.id, name, settings);
  announce(ctx, [name]);
  await audit(
    ctx,
    'project_domain.updated',
    { type: 'domain', id: row.id, name },
    { projectId: p.id, projectName: p.name, ...settings },
    scope.teamId,
  );
  return domainJson(ctx, row);
}

export async function remove(ctx: ServiceContext, project: string, domain: string) {
  const { scope, project: p } = await projectOf(ctx, project, 'domain:write');
  const { name } = parseDomain(ctx, domain);
  const row = await db.getProjectDomain(ctx.db, p.id, name);
  announce(ctx, await db.removeProjectDomain(ctx.db, p.id, name));
  await audit(
    ctx,
    'project_domain.removed',
    { type: 'domain', id: row.id, name },
    { projectId: p.id, projectName: p.name },
    scope.teamId,
  );
  return {};
}

/** Looks the apex up in DNS now; verified when the TXT record holds this team's token. */
export async function verify(ctx: ServiceContext, project: string, domain: string) {
  const { scope, project: p } = await projectOf(ctx, project, 'domain:write');
  const { name } = parseDomain(ctx, domain);
  const row = await db.getProjectDomain(ctx.db, p.id, name);
  await verifyTeamDomain(ctx, scope.teamId, row.apexName);
  return domainJson(ctx, await db.getProjectDomain(ctx.db, p.id, name));
}

/** `vercel domains add <domain> <project>` (`POST /projects/{p}/alias`): the same as adding it, in that call's shape. */
export async function addAlias(ctx: ServiceContext, project: string, domain: string) {
  const json = await add(ctx, project, { name: domain });
  return [{ domain: json.name, target: 'PRODUCTION', created: new Date(json.createdAt).toISOString() }];
}
