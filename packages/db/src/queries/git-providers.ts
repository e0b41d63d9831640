// Connected repositories (schema/git-providers.ts): the connection of a project, the webhook
// deliveries handled once, and the deployments whose status is still to be reported to the provider.
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { notFound } from '../errors';
import { deployments, gitDeliveries, gitReports, gitRepositories } from '../schema';
import type { Deployment } from './deployments';

export type GitRepository = typeof gitRepositories.$inferSelect;

/** Deployment meta of a connected repository's deployment. */
export const GIT_PROVIDER_META = { provider: 'gitProvider', pullRequest: 'gitPullRequest' } as const;

export async function getGitRepository(db: Db, projectId: string): Promise<GitRepository | null> {
  const [row] = await db.select().from(gitRepositories).where(eq(gitRepositories.projectId, projectId));
  return row ?? null;
}

export async function requireGitRepository(db: Db, projectId: string): Promise<GitRepository> {
  const row = await getGitRepository(db, projectId);
  if (!row) throw notFound('A connected repository of this project');
  return row;
}

export async function listGitRepositories(db: Db, teamId: string): Promise<GitRepository[]> {
  return db
    .select()
    .from(gitRepositories)
    .where(eq(gitRepositories.teamId, teamId))
    .orderBy(asc(gitRepositories.createdAt));
}

/** Creates or replaces the project's connection; `secretSealed` is kept when null. */
export async function saveGitRepository(
  db: Db,
  input: Omit<GitRepository, 'createdAt' | 'updatedAt' | 'secretSealed' | 'tokenSealed'> & {
    secretSealed: string;
    tokenSealed: string | null | undefined;
  },
): Promise<GitRepository> {
  const { tokenSealed, ...rest } = input;
  const [row] = await db
    .insert(gitRepositories)
    .values({ ...rest, tokenSealed: tokenSealed ?? null })
    .onConflictDoUpdate({
      target: gitRepositories.projectId,
      set: {
        provider: rest.provider,
        repository: rest.repository,
        apiUrl: rest.apiUrl,
        cloneUrl: rest.cloneUrl,
        secretSealed: rest.secretSealed,
        ...(tokenSealed !== undefined ? { tokenSealed } : {}),
        createdBy: rest.createdBy,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function deleteGitRepository(db: Db, projectId: string): Promise<boolean> {
  const rows = await db
    .delete(gitRepositories)
    .where(eq(gitRepositories.projectId, projectId))
    .returning({ id: gitRepositories.projectId });
  return rows.length > 0;
}

/** Records a webhook delivery id; false when it was handled already. */
export async function claimGitDelivery(db: Db, projectId: string, deliveryId: string): Promise<boolean> {
  const rows = await db
    .insert(gitDeliveries)
    .values({ projectId, deliveryId })
    .onConflictDoNothing()
    .returning({ id: gitDeliveries.deliveryId });
  return rows.length > 0;
}

/** Forgets a delivery whose handling failed, so the provider's redelivery is processed. */
export async function releaseGitDelivery(db: Db, projectId: string, deliveryId: string): Promise<void> {
  await db
    .delete(gitDeliveries)
    .where(and(eq(gitDeliveries.projectId, projectId), eq(gitDeliveries.deliveryId, deliveryId)));
}

/**
 * Deployments of connected repositories that reached READY or ERROR in the last day and whose
 * report is not done and is due, with their connection.
 */
export async function dueGitReports(
  db: Db,
  now: Date,
  limit = 20,
): Promise<{ deployment: Deployment; repository: GitRepository; attempts: number }[]> {
  const rows = await db
    .select({ deployment: deployments, repository: gitRepositories, attempts: gitReports.attempts })
    .from(deployments)
    .innerJoin(gitRepositories, eq(gitRepositories.projectId, deployments.projectId))
    .leftJoin(gitReports, eq(gitReports.deploymentId, deployments.id))
    .where(
      and(
        inArray(deployments.state, ['READY', 'ERROR']),
        sql`${deployments.meta}->>${GIT_PROVIDER_META.provider} is not null`,
        gt(deployments.createdAt, new Date(now.getTime() - 86_400_000)),
        or(isNull(gitReports.deploymentId), and(isNull(gitReports.doneAt), lte(gitReports.nextAttemptAt, now))),
      ),
    )
    .orderBy(asc(deployments.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    deployment: r.deployment as Deployment,
    repository: r.repository,
    attempts: r.attempts ?? 0,
  }));
}

/** Records one report attempt: done, or failed with the next attempt (null: give up). */
export async function recordGitReport(
  db: Db,
  deploymentId: string,
  result: { ok: boolean; error?: string; attempts: number; retryAt: Date | null },
): Promise<void> {
  const values = {
    attempts: result.attempts,
    nextAttemptAt: result.retryAt ?? new Date(),
    doneAt: result.ok || !result.retryAt ? new Date() : null,
    lastError: result.error?.slice(0, 1000) ?? null,
  };
  await db
    .insert(gitReports)
    .values({ deploymentId, ...values })
    .onConflictDoUpdate({ target: gitReports.deploymentId, set: values });
}
