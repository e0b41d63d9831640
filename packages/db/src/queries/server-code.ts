// The shared state of deployments' server code: regenerated prerenders (ISR) and cron runs. Every
// edge process reads and writes the same rows, so `--processes N` and separate edge machines serve
// one cache and run each scheduled cron once.
import type { CronJob } from '@nimbus/core';
import { and, desc, eq, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { aliases, cronRuns, deployments, prerenderCache } from '../schema';

export type PrerenderEntry = typeof prerenderCache.$inferSelect;

export async function readPrerender(db: Db, deploymentId: string, key: string): Promise<PrerenderEntry | null> {
  const [row] = await db
    .select()
    .from(prerenderCache)
    .where(and(eq(prerenderCache.deploymentId, deploymentId), eq(prerenderCache.key, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Takes the lease to regenerate a page for `leaseMs`, unless another process holds one. True when this
 * caller should regenerate. Works for a page with no row yet (served from its fallback).
 */
export async function claimRegeneration(db: Db, deploymentId: string, key: string, leaseMs: number): Promise<boolean> {
  const until = new Date(Date.now() + leaseMs);
  const rows = await db
    .insert(prerenderCache)
    .values({ deploymentId, key, regeneratingUntil: until })
    .onConflictDoUpdate({
      target: [prerenderCache.deploymentId, prerenderCache.key],
      set: { regeneratingUntil: until },
      where: or(isNull(prerenderCache.regeneratingUntil), lt(prerenderCache.regeneratingUntil, sql`now()`)),
    })
    .returning({ key: prerenderCache.key });
  return rows.length > 0;
}

/** Records a regenerated page and ends the lease. */
export async function storePrerender(
  db: Db,
  entry: { deploymentId: string; key: string; sha: string; status: number; headers: [string, string][] },
): Promise<PrerenderEntry> {
  const values = { ...entry, generatedAt: new Date(), regeneratingUntil: null };
  const [row] = await db
    .insert(prerenderCache)
    .values(values)
    .onConflictDoUpdate({ target: [prerenderCache.deploymentId, prerenderCache.key], set: values })
    .returning();
  return row!;
}

/** Ends a lease without a new page (the regeneration failed): the old page stays and the next request tries again. */
export async function releaseRegeneration(db: Db, deploymentId: string, key: string): Promise<void> {
  await db
    .update(prerenderCache)
    .set({ regeneratingUntil: null })
    .where(and(eq(prerenderCache.deploymentId, deploymentId), eq(prerenderCache.key, key)));
}

/** Claims one scheduled run of a cron: false when another process already started it. */
export async function startCronRun(
  db: Db,
  run: { deploymentId: string; projectId: string; path: string; schedule: string; scheduledAt: Date },
): Promise<boolean> {
  const rows = await db.insert(cronRuns).values(run).onConflictDoNothing().returning({ path: cronRuns.path });
  return rows.length > 0;
}

export async function finishCronRun(
  db: Db,
  run: { deploymentId: string; path: string; scheduledAt: Date; status: number; durationMs: number },
): Promise<void> {
  await db
    .update(cronRuns)
    .set({ finishedAt: new Date(), status: run.status, durationMs: run.durationMs })
    .where(
      and(
        eq(cronRuns.deploymentId, run.deploymentId),
        eq(cronRuns.path, run.path),
        eq(cronRuns.scheduledAt, run.scheduledAt),
      ),
    );
}

export async function listCronRuns(db: Db, projectId: string, limit = 50) {
  return db
    .select()
    .from(cronRuns)
    .where(eq(cronRuns.projectId, projectId))
    .orderBy(desc(cronRuns.scheduledAt))
    .limit(limit);
}

/** Production deployments (what each project's production host serves now) that declare crons. */
export async function cronTargets(db: Db) {
  const rows = await db
    .select({
      deploymentId: deployments.id,
      projectId: deployments.projectId,
      host: aliases.host,
      readyAt: deployments.readyAt,
      crons: sql<CronJob[]>`${deployments.buildOutput} -> 'crons'`,
    })
    .from(aliases)
    .innerJoin(deployments, eq(deployments.id, aliases.deploymentId))
    .where(
      and(
        notLike(aliases.host, '%.%'),
        sql`jsonb_typeof(${deployments.buildOutput} -> 'crons') = 'array'`,
        sql`jsonb_array_length(${deployments.buildOutput} -> 'crons') > 0`,
      ),
    );
  return rows.map((r) => ({
    ...r,
    crons: (r.crons ?? []).filter((c) => typeof c?.path === 'string' && typeof c?.schedule === 'string'),
  }));
}
