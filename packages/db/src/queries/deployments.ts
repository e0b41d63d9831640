// Deployments: created with their file tree and a queued build job in one transaction, read by id or
// by URL, listed newest first, cancelled and deleted. Build-time state changes are in deployment-state.ts.
import type { DeploymentTarget } from '@nimbus/core';
import { and, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId, randomString } from '../ids';
import { aliases, buildJobs, buildLogs, type DeploymentState, deploymentFiles, deployments } from '../schema';
import { hostLabel, notifyAlias } from './aliases';
import type { FileEntry } from './deployment-files';
import { deploymentEventPayload, recordHookEvent } from './hooks';
import { checkDeploymentLimit } from './plan-limits';
import type { Project } from './projects';

export type Deployment = typeof deployments.$inferSelect;
const HOST_SUFFIX = 'abcdefghijklmnopqrstuvwxyz0123456789';

export interface NewDeployment {
  project: Project;
  creatorId: string;
  target: DeploymentTarget;
  files: FileEntry[];
  meta?: Record<string, string>;
  projectSettings?: Record<string, unknown>;
  source?: string;
  customEnvironmentId?: string | null;
  /** Key → sealed value (`-e`, `--build-env`). */
  env?: Record<string, string>;
  buildEnv?: Record<string, string>;
}

export async function createDeployment(db: Db, input: NewDeployment): Promise<Deployment> {
  const { project } = input;
  return db.transaction(async (tx) => {
    await checkDeploymentLimit(tx, project.teamId);
    const id = newId('dpl');
    const host = `${hostLabel(project.name, 56)}-${randomString(6, HOST_SUFFIX)}`;
    const [deployment] = await tx
      .insert(deployments)
      .values({
        id,
        projectId: project.id,
        teamId: project.teamId,
        creatorId: input.creatorId,
        name: project.name,
        host,
        target: input.target,
        meta: input.meta ?? {},
        projectSettings: input.projectSettings ?? {},
        source: input.source ?? 'api',
        customEnvironmentId: input.customEnvironmentId ?? null,
        env: input.env ?? {},
        buildEnv: input.buildEnv ?? {},
      })
      .returning();
    const rows = input.files.map((f) => ({
      deploymentId: id,
      path: f.file,
      sha: f.sha,
      size: f.size,
      mode: f.mode ?? 0o100644,
    }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(deploymentFiles).values(rows.slice(i, i + 500));
    await tx.insert(buildJobs).values({ deploymentId: id });
    await tx
      .insert(buildLogs)
      .values({ deploymentId: id, type: 'info', text: `Queued ${rows.length} files for a ${input.target} build.` });
    await recordHookEvent(tx, {
      teamId: project.teamId,
      projectId: project.id,
      type: 'deployment.created',
      payload: deploymentEventPayload(deployment!),
    });
    return deployment!;
  });
}

/** Accepts `dpl_…`, a host label, `label.<deploy domain>[:port]` or a URL, within the team. */
export async function findDeployment(
  db: Db,
  teamId: string,
  idOrUrl: string,
  deployDomain: string,
): Promise<Deployment> {
  const host = idOrUrl
    .replace(/^https?:\/\//, '')
    .replace(/[:/].*$/, '')
    .toLowerCase();
  const label = host.endsWith(`.${deployDomain}`) ? host.slice(0, -deployDomain.length - 1) : host;
  const [byId] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.teamId, teamId), or(eq(deployments.id, idOrUrl), eq(deployments.host, label))));
  if (byId) return byId;
  const [byAlias] = await db
    .select({ d: deployments })
    .from(aliases)
    .innerJoin(deployments, eq(deployments.id, aliases.deploymentId))
    .where(and(eq(aliases.teamId, teamId), eq(aliases.host, label)));
  if (!byAlias) throw notFound(`The deployment "${idOrUrl}"`);
  return byAlias.d;
}

export async function getDeploymentById(db: Db, id: string): Promise<Deployment | null> {
  const [row] = await db.select().from(deployments).where(eq(deployments.id, id));
  return row ?? null;
}

/** The newest deployment of each project, in one query (DISTINCT ON uses the project/created index). */
export async function latestDeploymentsOf(db: Db, projectIds: string[]): Promise<Deployment[]> {
  if (!projectIds.length) return [];
  return db
    .selectDistinctOn([deployments.projectId])
    .from(deployments)
    .where(inArray(deployments.projectId, projectIds))
    .orderBy(deployments.projectId, desc(deployments.createdAt), desc(deployments.id));
}

export interface DeploymentFilter {
  projectId?: string;
  target?: DeploymentTarget;
  state?: DeploymentState[];
  limit: number;
  until?: number;
  since?: number;
}

/** Newest first; `until`/`since` are millisecond timestamps from a previous page's pagination. */
export async function listDeployments(db: Db, teamId: string, f: DeploymentFilter) {
  const rows = await db
    .select()
    .from(deployments)
    .where(
      and(
        eq(deployments.teamId, teamId),
        f.projectId ? eq(deployments.projectId, f.projectId) : undefined,
        f.target ? eq(deployments.target, f.target) : undefined,
        f.state?.length ? inArray(deployments.state, f.state) : undefined,
        f.until ? lt(deployments.createdAt, new Date(f.until)) : undefined,
        f.since ? gt(deployments.createdAt, new Date(f.since)) : undefined,
      ),
    )
    .orderBy(desc(deployments.createdAt), desc(deployments.id))
    .limit(f.limit + 1);
  const items = rows.slice(0, f.limit);
  const next = rows.length > f.limit ? items[items.length - 1]!.createdAt.getTime() : null;
  return { items, next, prev: items[0]?.createdAt.getTime() ?? null };
}

/** QUEUED or BUILDING → CANCELED; the worker running it sees the state and stops the build. */
export async function cancelDeployment(db: Db, teamId: string, id: string): Promise<Deployment> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(deployments)
      .where(and(eq(deployments.id, id), eq(deployments.teamId, teamId)))
      .for('update');
    if (!row) throw notFound(`The deployment "${id}"`);
    if (row.state !== 'QUEUED' && row.state !== 'BUILDING') {
      throw new DomainError(
        'bad_request',
        `The deployment is already ${row.state}; only a queued or building deployment can be canceled.`,
      );
    }
    const [updated] = await tx
      .update(deployments)
      .set({ state: 'CANCELED', canceledAt: new Date() })
      .where(eq(deployments.id, id))
      .returning();
    await tx.update(buildJobs).set({ state: 'canceled', updatedAt: new Date() }).where(eq(buildJobs.deploymentId, id));
    await tx.insert(buildLogs).values({ deploymentId: id, type: 'info', text: 'The deployment was canceled.' });
    await recordHookEvent(tx, {
      teamId,
      projectId: updated!.projectId,
      type: 'deployment.canceled',
      payload: deploymentEventPayload(updated!),
    });
    return updated!;
  });
}

/** Deletes a deployment unless it serves the project's production host (promote another first). */
export async function deleteDeployment(db: Db, teamId: string, id: string): Promise<Deployment> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(deployments)
      .where(and(eq(deployments.id, id), eq(deployments.teamId, teamId)));
    if (!row) throw notFound(`The deployment "${id}"`);
    const serving = await tx.select({ host: aliases.host }).from(aliases).where(eq(aliases.deploymentId, id));
    if (serving.length) {
      throw new DomainError(
        'conflict',
        `This deployment serves ${serving.map((a) => a.host).join(', ')}. Promote another deployment first, then delete it.`,
      );
    }
    await tx.delete(deployments).where(eq(deployments.id, id));
    await notifyAlias(tx, row.host);
    return row;
  });
}
