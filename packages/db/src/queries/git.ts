// Git deployments: a branch's stable preview host (an alias of kind `branch`, moved when a newer
// build of the branch is READY and removed with the branch), the queued builds a newer push
// replaces, and deploy hooks (secret URLs that deploy a branch).
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId } from '../ids';
import { aliases, buildJobs, buildLogs, deployHooks, deployments } from '../schema';
import { hostLabel, notifyAlias } from './aliases';
import type { Deployment } from './deployments';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The deployment meta keys Vercel's clients read for a git deployment's commit. */
export const GIT_META = {
  sha: 'githubCommitSha',
  ref: 'githubCommitRef',
  message: 'githubCommitMessage',
  authorName: 'githubCommitAuthorName',
  authorEmail: 'githubCommitAuthorEmail',
  /** The branch's stable host label, which the deployment takes when READY. */
  branchAlias: 'branchAlias',
} as const;

/**
 * `<project>-git-<branch>-<team>` as one DNS label (Vercel's branch URL); a name too long for a
 * label keeps its start and ends with a digest of the whole, so two branches never share one.
 */
export function branchAliasLabel(project: string, branch: string, teamSlug: string): string {
  const full = hostLabel(`${project}-git-${branch}-${teamSlug}`, 1000);
  if (full.length <= 63) return full;
  const digest = createHash('sha256').update(full).digest('hex').slice(0, 6);
  return `${full.slice(0, 56).replace(/-$/, '')}-${digest}`;
}

/**
 * Points the branch's host at a READY deployment (inside markReady's transaction), unless a newer
 * deployment of the branch already holds it. Returns the host when it moved.
 */
export async function assignBranchAlias(tx: Tx, deployment: Deployment): Promise<string | null> {
  const host = deployment.meta[GIT_META.branchAlias];
  if (!host) return null;
  const [current] = await tx
    .select({ id: aliases.id, kind: aliases.kind, teamId: aliases.teamId, createdAt: deployments.createdAt })
    .from(aliases)
    .innerJoin(deployments, eq(deployments.id, aliases.deploymentId))
    .where(eq(aliases.host, host))
    .for('update', { of: aliases });
  if (current && (current.kind !== 'branch' || current.teamId !== deployment.teamId)) return null;
  if (current && current.createdAt > deployment.createdAt) return null;
  if (current) {
    await tx
      .update(aliases)
      .set({ deploymentId: deployment.id, projectId: deployment.projectId, updatedAt: new Date() })
      .where(eq(aliases.id, current.id));
  } else {
    const [own] = await tx.select({ id: deployments.id }).from(deployments).where(eq(deployments.host, host));
    if (own) return null;
    await tx.insert(aliases).values({
      id: newId('als'),
      host,
      kind: 'branch',
      deploymentId: deployment.id,
      projectId: deployment.projectId,
      teamId: deployment.teamId,
    });
  }
  await notifyAlias(tx, host);
  return host;
}

/** A deleted branch's host stops serving. Returns the host when there was one. */
export async function removeBranchAlias(db: Db, projectId: string, host: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(aliases)
      .where(and(eq(aliases.projectId, projectId), eq(aliases.host, host), eq(aliases.kind, 'branch')))
      .returning({ host: aliases.host });
    if (row) await notifyAlias(tx, row.host);
    return row?.host ?? null;
  });
}

/** Cancels the branch's queued (not yet building) deployments older than `newer`: a newer push replaces them. */
export async function cancelQueuedOfBranch(db: Db, newer: Deployment, branch: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(deployments)
      .set({ state: 'CANCELED', canceledAt: new Date() })
      .where(
        and(
          eq(deployments.projectId, newer.projectId),
          eq(deployments.state, 'QUEUED'),
          ne(deployments.id, newer.id),
          sql`${deployments.meta}->>${GIT_META.ref} = ${branch}`,
          sql`${deployments.createdAt} <= ${newer.createdAt}`,
        ),
      )
      .returning({ id: deployments.id });
    const ids = rows.map((r) => r.id);
    if (!ids.length) return ids;
    await tx
      .update(buildJobs)
      .set({ state: 'canceled', updatedAt: new Date() })
      .where(inArray(buildJobs.deploymentId, ids));
    await tx.insert(buildLogs).values(
      ids.map((deploymentId) => ({
        deploymentId,
        type: 'info' as const,
        text: `Canceled: a newer push of ${branch} (${newer.id}) replaces this deployment.`,
      })),
    );
    return ids;
  });
}

/** QUEUED or BUILDING → CANCELED by the build itself (the Ignored Build Step said so), with a log line. */
export async function markSkipped(db: Db, id: string, reason: string): Promise<Deployment | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(deployments)
      .set({ state: 'CANCELED', canceledAt: new Date() })
      .where(and(eq(deployments.id, id), inArray(deployments.state, ['QUEUED', 'BUILDING'])))
      .returning();
    if (row) await tx.insert(buildLogs).values({ deploymentId: id, type: 'info', text: reason });
    return row ?? null;
  });
}

export type DeployHook = typeof deployHooks.$inferSelect;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function createDeployHook(
  db: Db,
  input: {
    projectId: string;
    teamId: string;
    name: string;
    ref: string;
    secret: string;
    sealed: string;
    createdBy: string;
  },
): Promise<DeployHook> {
  const existing = await listDeployHooks(db, input.projectId);
  if (existing.length >= 50)
    throw new DomainError('bad_request', 'A project has at most 50 deploy hooks. Delete one you no longer use.');
  const [row] = await db
    .insert(deployHooks)
    .values({
      id: newId('hook'),
      projectId: input.projectId,
      teamId: input.teamId,
      name: input.name,
      ref: input.ref,
      secretSealed: input.sealed,
      secretSha256: sha256(input.secret),
      createdBy: input.createdBy,
    })
    .returning();
  return row!;
}

export function listDeployHooks(db: Db, projectId: string): Promise<DeployHook[]> {
  return db.select().from(deployHooks).where(eq(deployHooks.projectId, projectId)).orderBy(desc(deployHooks.createdAt));
}

export async function deleteDeployHook(db: Db, projectId: string, id: string): Promise<DeployHook> {
  const [row] = await db
    .delete(deployHooks)
    .where(and(eq(deployHooks.projectId, projectId), eq(deployHooks.id, id)))
    .returning();
  if (!row) throw notFound(`The deploy hook "${id}"`);
  return row;
}

/** The hook whose URL ends in `secret`, for this project; null for any other. */
export async function findDeployHook(db: Db, projectId: string, secret: string): Promise<DeployHook | null> {
  const [row] = await db
    .select()
    .from(deployHooks)
    .where(and(eq(deployHooks.projectId, projectId), eq(deployHooks.secretSha256, sha256(secret))));
  return row ?? null;
}
