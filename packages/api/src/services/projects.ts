// Projects of the team in scope: list, read by id or name, create, change build settings, delete.
// Each reply carries the project's newest deployment and the one serving production.

import type { z } from '@hono/zod-openapi';
import { can } from '@nimbus/core';
import * as db from '@nimbus/db';
import { projectDeploymentJson } from '../deployment-json';
import { projectJson } from '../project-json';
import type { ListQuery, ProjectCreate, ProjectPatch } from '../schemas/projects';
import { authorize } from './access';
import { audit } from './audit';
import { hostContext, type ServiceContext } from './context';
import { linkJson } from './git';
import type { Scope } from './options';
import { auditProtection, protectionChanged, protectionChanges } from './protection';
import { applySwitches } from './web-analytics';

/**
 * Opens sealed bypass secrets for the reply, for roles that may change the project (the others
 * get no `protectionBypass`), when this API has the engine's cipher.
 */
const revealer = (ctx: ServiceContext, scope: Scope) => {
  const cipher = ctx.options.engine?.cipher;
  return cipher && can(scope.role, 'project:update') ? (sealed: string) => cipher.decrypt(sealed) : undefined;
};

export type ProjectListInput = Pick<z.infer<typeof ListQuery>, 'limit' | 'until' | 'search'>;

/** Projects with their newest deployment and the one serving production: two queries for any page. */
async function withDeployments(ctx: ServiceContext, scope: Scope, projects: db.Project[]) {
  const ids = projects.map((p) => p.id);
  const [latest, production, data] = await Promise.all([
    db.latestDeploymentsOf(ctx.db, ids),
    db.productionOf(ctx.db, ids),
    db.webAnalyticsHasData(ctx.db, ids),
  ]);
  const hosts = hostContext(ctx, scope);
  const latestBy = new Map(latest.map((d) => [d.projectId, d]));
  const productionBy = new Map(production.map((p) => [p.projectId, p]));
  return projects.map((project) => {
    const newest = latestBy.get(project.id);
    const prod = productionBy.get(project.id);
    const hostsOf = (id: string) => (prod?.deployment.id === id ? [prod.host] : []);
    return projectJson(
      project,
      {
        latest: newest && projectDeploymentJson(newest, hosts, hostsOf(newest.id)),
        production: prod && projectDeploymentJson(prod.deployment, hosts, [prod.host]),
      },
      revealer(ctx, scope),
      { events: data.events.has(project.id), vitals: data.vitals.has(project.id) },
    );
  });
}

export async function list(ctx: ServiceContext, input: ProjectListInput) {
  const scope = await authorize(ctx, 'project:read');
  const { items, next } = await db.listProjects(ctx.db, scope.teamId, input);
  return { projects: await withDeployments(ctx, scope, items), pagination: { count: items.length, next, prev: null } };
}

export async function get(ctx: ServiceContext, idOrName: string) {
  const scope = await authorize(ctx, 'project:read');
  const row = await db.getProject(ctx.db, scope.teamId, idOrName);
  const [project] = await withDeployments(ctx, scope, [row]);
  // Vercel's `link` (`vercel git connect` reads it): the connected repository and its deploy hooks.
  return row.gitLink ? { ...project!, link: await linkJson(ctx, row, scope) } : project!;
}

export async function create(ctx: ServiceContext, input: z.infer<typeof ProjectCreate>) {
  const scope = await authorize(ctx, 'project:create');
  const project = await db.createProject(ctx.db, scope.teamId, input);
  await audit(
    ctx,
    'project.created',
    { type: 'project', id: project.id, name: project.name },
    { projectId: project.id },
  );
  return projectJson(project, {}, revealer(ctx, scope));
}

export async function update(ctx: ServiceContext, idOrName: string, input: z.infer<typeof ProjectPatch>) {
  const scope = await authorize(ctx, 'project:update');
  const { ssoProtection, passwordProtection, speedInsights, ...rest } = input;
  const settings = speedInsights === undefined ? rest : { ...rest, speedInsights };
  const before = await db.getProject(ctx.db, scope.teamId, idOrName);
  const protection = await protectionChanges(before, { ssoProtection, passwordProtection });
  let project = await db.updateProject(ctx.db, scope.teamId, before.id, { ...rest, ...protection });
  if (speedInsights !== undefined) project = await applySwitches(ctx, project.id, { speedInsights });
  if (Object.keys(protection).length) protectionChanged(ctx, project.id);
  const meta = {
    projectId: project.id,
    fields: Object.keys(settings),
    ...(before.name !== project.name ? { previousName: before.name } : {}),
  };
  const target = { type: 'project', id: project.id, name: project.name } as const;
  if (meta.fields.length || (ssoProtection === undefined && passwordProtection === undefined))
    await audit(ctx, 'project.updated', target, meta);
  await auditProtection(ctx, before, project, { passwordProtection });
  const data = await db.webAnalyticsHasData(ctx.db, [project.id]);
  return projectJson(project, {}, revealer(ctx, scope), {
    events: data.events.has(project.id),
    vitals: data.vitals.has(project.id),
  });
}

/** Deletes the project, its deployments and its hosts; the edges forget the hosts at once. */
export async function remove(ctx: ServiceContext, idOrName: string): Promise<void> {
  const scope = await authorize(ctx, 'project:delete');
  const { project, hosts } = await db.deleteProject(ctx.db, scope.teamId, idOrName);
  await audit(
    ctx,
    'project.deleted',
    { type: 'project', id: project.id, name: project.name },
    { projectId: project.id },
  );
  for (const host of hosts) ctx.options.engine?.events.emit('alias', host);
}

/**
 * The project's cron jobs: those its production deployment declares (config.json `crons`) and the
 * latest runs, newest first, with their status and duration.
 */
export async function crons(ctx: ServiceContext, idOrName: string) {
  const scope = await authorize(ctx, 'project:read');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  const [production] = await db.productionOf(ctx.db, [project.id]);
  const declared = production?.deployment.buildOutput?.crons ?? [];
  const runs = await db.listCronRuns(ctx.db, project.id);
  return {
    deploymentId: production?.deployment.id ?? null,
    crons: declared.map((c) => ({ path: c.path, schedule: c.schedule })),
    runs: runs.map((r) => ({
      deploymentId: r.deploymentId,
      path: r.path,
      schedule: r.schedule,
      scheduledAt: r.scheduledAt.getTime(),
      startedAt: r.startedAt.getTime(),
      finishedAt: r.finishedAt?.getTime() ?? null,
      status: r.status,
      durationMs: r.durationMs,
    })),
  };
}
