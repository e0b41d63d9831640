// Aliases: hosts that point at a deployment. A project's production host is its alias row of kind
// `production` (a label under the deploy domain); promote and rollback move that one row in one
// transaction, and `pg_notify('nimbus_alias', host)` fires on commit for it and for each of the
// project's domains (which follow it), so every edge drops its cache. `alias set` adds rows of kind
// `custom`: a label under the deploy domain or a full name under a domain the team verified.
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId, randomString } from '../ids';
import { aliases, deployments, projectDomains, teams } from '../schema';
import { deploymentEventPayload, recordHookEvent } from './hooks';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Deployment = typeof deployments.$inferSelect;

const LABEL_MAX = 63;

/** A DNS label made from a project name: a-z, 0-9 and single dashes. */
export function hostLabel(name: string, max = LABEL_MAX): string {
  const label = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return label.slice(0, max).replace(/-$/, '') || 'project';
}

export async function notifyAlias(tx: Tx | Db, host: string): Promise<void> {
  await tx.execute(sql`select pg_notify('nimbus_alias', ${host})`);
}

async function labelTaken(tx: Tx, label: string): Promise<boolean> {
  const [alias] = await tx.select({ id: aliases.id }).from(aliases).where(eq(aliases.host, label));
  const [deployment] = await tx.select({ id: deployments.id }).from(deployments).where(eq(deployments.host, label));
  return Boolean(alias || deployment);
}

/** The project's production alias row, or a free label for it: the project name, else name-team. */
async function productionHost(tx: Tx, deployment: Deployment): Promise<{ id: string | null; host: string }> {
  const [current] = await tx
    .select()
    .from(aliases)
    .where(and(eq(aliases.projectId, deployment.projectId), eq(aliases.kind, 'production')));
  if (current) return current;
  const [team] = await tx.select({ slug: teams.slug }).from(teams).where(eq(teams.id, deployment.teamId));
  const base = hostLabel(deployment.name);
  const candidates = [
    base,
    hostLabel(`${base}-${team?.slug ?? 'team'}`),
    hostLabel(`${base.slice(0, 50)}-${randomString(6, 'abcdefghijklmnopqrstuvwxyz0123456789')}`),
  ];
  for (const host of candidates) if (!(await labelTaken(tx, host))) return { id: null, host };
  throw new DomainError('conflict', 'Could not find a free production host for this project; rename the project.');
}

/** Points the project's production host at `deployment` (inside the caller's transaction). */
export async function assignProduction(tx: Tx, deployment: Deployment): Promise<string> {
  const { id, host } = await productionHost(tx, deployment);
  if (id) {
    await tx.update(aliases).set({ deploymentId: deployment.id, updatedAt: new Date() }).where(eq(aliases.id, id));
  } else {
    await tx.insert(aliases).values({
      id: newId('als'),
      host,
      deploymentId: deployment.id,
      projectId: deployment.projectId,
      teamId: deployment.teamId,
    });
  }
  await notifyAlias(tx, host);
  for (const name of await projectDomainNames(tx, [deployment.projectId])) await notifyAlias(tx, name);
  return host;
}

/** Promote (any READY deployment) or roll back (a READY production deployment): only the alias moves. */
export async function moveProduction(
  db: Db,
  input: { teamId: string; projectId: string; deploymentId: string; mode: 'promote' | 'rollback' },
): Promise<{ host: string; deployment: Deployment }> {
  return db.transaction(async (tx) => {
    const [deployment] = await tx
      .select()
      .from(deployments)
      .where(and(eq(deployments.id, input.deploymentId), eq(deployments.teamId, input.teamId)))
      .for('update');
    if (!deployment || deployment.projectId !== input.projectId)
      throw notFound(`The deployment "${input.deploymentId}" of this project`);
    if (deployment.state !== 'READY') {
      throw new DomainError(
        'bad_request',
        `The deployment is ${deployment.state}; only a READY deployment can serve production.`,
      );
    }
    if (input.mode === 'rollback' && deployment.target !== 'production') {
      throw new DomainError(
        'bad_request',
        'Roll back only to an earlier production deployment; use promote for a preview deployment.',
      );
    }
    const host = await assignProduction(tx, deployment);
    await recordHookEvent(tx, {
      teamId: deployment.teamId,
      projectId: deployment.projectId,
      type: input.mode === 'promote' ? 'deployment.promoted' : 'deployment.rollback',
      payload: deploymentEventPayload(deployment),
    });
    return { host, deployment };
  });
}

export async function listDeploymentAliases(db: Db, deploymentId: string) {
  return db.select().from(aliases).where(eq(aliases.deploymentId, deploymentId)).orderBy(aliases.createdAt);
}

/** Every host that serves the project: its aliases and its domains. */
export async function aliasHostsOfProject(db: Db | Tx, projectId: string): Promise<string[]> {
  const rows = await db.select({ host: aliases.host }).from(aliases).where(eq(aliases.projectId, projectId));
  return [...rows.map((r) => r.host), ...(await projectDomainNames(db, [projectId]))];
}

/** Names of the projects' domains, notified when their production deployment moves or the project goes. */
export async function projectDomainNames(db: Db | Tx, projectIds: string[]): Promise<string[]> {
  if (!projectIds.length) return [];
  const rows = await db
    .select({ name: projectDomains.name })
    .from(projectDomains)
    .where(inArray(projectDomains.projectId, projectIds));
  return rows.map((r) => r.name);
}

/** Each project's production host and the deployment it serves now (after promote or rollback too). */
export async function productionOf(
  db: Db,
  projectIds: string[],
): Promise<{ projectId: string; host: string; deployment: Deployment }[]> {
  if (!projectIds.length) return [];
  return db
    .select({ projectId: aliases.projectId, host: aliases.host, deployment: deployments })
    .from(aliases)
    .innerJoin(deployments, eq(deployments.id, aliases.deploymentId))
    .where(and(inArray(aliases.projectId, projectIds), eq(aliases.kind, 'production')));
}

export type Alias = typeof aliases.$inferSelect;

/** The team's aliases, newest first; `until` pages back (milliseconds). */
export async function listTeamAliases(db: Db, teamId: string, page: { limit: number; until?: number }) {
  return db
    .select()
    .from(aliases)
    .where(and(eq(aliases.teamId, teamId), page.until ? lt(aliases.createdAt, new Date(page.until)) : undefined))
    .orderBy(desc(aliases.createdAt))
    .limit(page.limit);
}

/** An alias of the team by id or host (`host` is a label for the deploy domain, else the full name). */
export async function findTeamAlias(db: Db, teamId: string, idOrHost: string): Promise<Alias | null> {
  const [row] = await db
    .select()
    .from(aliases)
    .where(and(eq(aliases.teamId, teamId), or(eq(aliases.id, idOrHost), eq(aliases.host, idOrHost))));
  return row ?? null;
}

/**
 * Points `host` at the deployment (`alias set`). A custom alias of the team moves; a production host
 * is moved by promote instead; a host of another team, or a deployment's own host, is refused.
 */
export async function setCustomAlias(db: Db, deployment: Deployment, host: string): Promise<Alias> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(aliases).where(eq(aliases.host, host)).for('update');
    if (existing && existing.teamId !== deployment.teamId)
      throw new DomainError('conflict', `The alias "${host}" is in use by another team. Choose another name.`);
    if (existing?.kind === 'production')
      throw new DomainError(
        'conflict',
        `"${host}" is a project's production host; promote a deployment (\`vercel promote\`) to move it.`,
      );
    const [own] = await tx.select({ id: deployments.id }).from(deployments).where(eq(deployments.host, host));
    if (own) throw new DomainError('conflict', `"${host}" is a deployment's own host. Choose another name.`);
    const now = new Date();
    const [row] = existing
      ? await tx
          .update(aliases)
          .set({ deploymentId: deployment.id, projectId: deployment.projectId, updatedAt: now })
          .where(eq(aliases.id, existing.id))
          .returning()
      : await tx
          .insert(aliases)
          .values({
            id: newId('als'),
            host,
            kind: 'custom',
            deploymentId: deployment.id,
            projectId: deployment.projectId,
            teamId: deployment.teamId,
          })
          .returning();
    await notifyAlias(tx, host);
    return row!;
  });
}

/** Removes a custom alias of the team; a production host goes only with its project. */
export async function removeAlias(db: Db, teamId: string, idOrHost: string): Promise<Alias> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(aliases)
      .where(and(eq(aliases.teamId, teamId), or(eq(aliases.id, idOrHost), eq(aliases.host, idOrHost))))
      .for('update');
    if (!row) throw notFound(`The alias "${idOrHost}"`);
    if (row.kind === 'production')
      throw new DomainError(
        'conflict',
        `"${row.host}" is a project's production host and cannot be removed; delete the project to free it.`,
      );
    await tx.delete(aliases).where(eq(aliases.id, row.id));
    await notifyAlias(tx, row.host);
    return row;
  });
}
