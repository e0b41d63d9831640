// Aliases: hosts that point at a deployment. A project's production host is the alias row whose host
// is a bare label (custom domains contain dots); promote and rollback move that one row in one
// transaction, and `pg_notify('nimbus_alias', host)` fires on commit so every edge drops its cache.
import { and, eq, inArray, notLike, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId, randomString } from '../ids';
import { aliases, deployments, teams } from '../schema';

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
    .where(and(eq(aliases.projectId, deployment.projectId), notLike(aliases.host, '%.%')));
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
    return { host, deployment };
  });
}

export async function listDeploymentAliases(db: Db, deploymentId: string) {
  return db.select().from(aliases).where(eq(aliases.deploymentId, deploymentId)).orderBy(aliases.createdAt);
}

export async function aliasHostsOfProject(db: Db | Tx, projectId: string): Promise<string[]> {
  const rows = await db.select({ host: aliases.host }).from(aliases).where(eq(aliases.projectId, projectId));
  return rows.map((r) => r.host);
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
    .where(and(inArray(aliases.projectId, projectIds), notLike(aliases.host, '%.%')));
}
