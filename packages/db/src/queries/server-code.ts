// The shared state of deployments' server code: regenerated prerenders (ISR), the edge cache of
// function responses and cron runs. Every edge process reads and writes the same rows, so
// `--processes N` and separate edge machines serve one cache and run each scheduled cron once.
import type { CronJob, DeploymentTarget } from '@nimbus/core';
import { and, arrayOverlaps, desc, eq, inArray, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { aliases, cronRuns, deployments, edgeCache, prerenderCache } from '../schema';

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

export type EdgeCacheEntry = typeof edgeCache.$inferSelect;

/** Every variant (one per set of Vary values) kept for a deployment's path and query. */
export async function readEdgeCache(db: Db, deploymentId: string, key: string): Promise<EdgeCacheEntry[]> {
  return db
    .select()
    .from(edgeCache)
    .where(and(eq(edgeCache.deploymentId, deploymentId), eq(edgeCache.key, key)));
}

/** Keeps a response, replacing the variant's older copy and clearing its invalidation and lease. */
export async function storeEdgeCache(
  db: Db,
  entry: Omit<EdgeCacheEntry, 'invalidatedAt' | 'refreshingUntil'>,
): Promise<EdgeCacheEntry> {
  const values = { ...entry, invalidatedAt: null, refreshingUntil: null };
  const [row] = await db
    .insert(edgeCache)
    .values(values)
    .onConflictDoUpdate({ target: [edgeCache.deploymentId, edgeCache.key, edgeCache.variant], set: values })
    .returning();
  return row!;
}

type EdgeCacheId = { deploymentId: string; key: string; variant: string };
const entryIs = (id: EdgeCacheId) =>
  and(eq(edgeCache.deploymentId, id.deploymentId), eq(edgeCache.key, id.key), eq(edgeCache.variant, id.variant));

/** Takes the lease to refresh a stale entry for `leaseMs`: true when this caller should refresh it. */
export async function claimEdgeRefresh(db: Db, id: EdgeCacheId, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(edgeCache)
    .set({ refreshingUntil: new Date(Date.now() + leaseMs) })
    .where(and(entryIs(id), or(isNull(edgeCache.refreshingUntil), lt(edgeCache.refreshingUntil, sql`now()`))))
    .returning({ key: edgeCache.key });
  return rows.length > 0;
}

/** Ends a lease without a new copy (the refresh failed): the next request past the stale time tries again. */
export async function releaseEdgeRefresh(db: Db, id: EdgeCacheId): Promise<void> {
  await db.update(edgeCache).set({ refreshingUntil: null }).where(entryIs(id));
}

/** Forgets one entry (its refreshed response may no longer be cached). */
export async function deleteEdgeCacheEntry(db: Db, id: EdgeCacheId): Promise<void> {
  await db.delete(edgeCache).where(entryIs(id));
}

/**
 * The entries of a project's deployments (of one target when given) that carry any of `tags`.
 * `invalidate` marks them stale (served STALE while one request refreshes them); `delete` removes them
 * (the next request is a MISS). Returns how many entries it touched.
 */
export async function purgeEdgeCacheByTags(
  db: Db,
  input: { projectId: string; tags: string[]; target?: DeploymentTarget; mode: 'invalidate' | 'delete' },
): Promise<number> {
  if (!input.tags.length) return 0;
  const where = and(
    eq(edgeCache.projectId, input.projectId),
    arrayOverlaps(edgeCache.tags, input.tags),
    input.target
      ? inArray(
          edgeCache.deploymentId,
          db
            .select({ id: deployments.id })
            .from(deployments)
            .where(and(eq(deployments.projectId, input.projectId), eq(deployments.target, input.target))),
        )
      : undefined,
  );
  const rows =
    input.mode === 'delete'
      ? await db.delete(edgeCache).where(where).returning({ key: edgeCache.key })
      : await db.update(edgeCache).set({ invalidatedAt: new Date() }).where(where).returning({ key: edgeCache.key });
  return rows.length;
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
