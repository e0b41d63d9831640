// What Web Analytics collection asks of the database besides writing rows (web-analytics-writes.ts): the
// day's visitor salt, shared by every process, and a project's collection switches, which the edge
// caches with its host answers and drops when they change.
import { randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { projects, webAnalyticsSalts } from '../schema';
import { notifyAlias } from './aliases';
import type { Project } from './projects';

/**
 * The salt of a UTC day (`2026-11-25`): the first process to ask creates it, every other one reads
 * the same. Salts of earlier days are deleted on the way, so a past day's hashes cannot be redone.
 */
export async function dailySalt(db: Db, day: string): Promise<string> {
  await db.delete(webAnalyticsSalts).where(lt(webAnalyticsSalts.day, day));
  await db
    .insert(webAnalyticsSalts)
    .values({ day, salt: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: webAnalyticsSalts.day });
  const [row] = await db
    .select({ salt: webAnalyticsSalts.salt })
    .from(webAnalyticsSalts)
    .where(eq(webAnalyticsSalts.day, day));
  return row!.salt;
}

export interface AnalyticsSwitches {
  webAnalytics: boolean;
  speedInsights: boolean;
  respectDnt: boolean;
}

/** A project's collection switches, or null when the project does not exist. */
export async function analyticsSwitches(db: Db, projectId: string): Promise<AnalyticsSwitches | null> {
  const [row] = await db
    .select({
      webAnalytics: projects.webAnalytics,
      speedInsights: projects.speedInsights,
      respectDnt: projects.webAnalyticsRespectDnt,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? null;
}

/**
 * Turns a project's collection on or off; the only writer of these columns. Every edge learns it
 * at once: the same `nimbus_alias` notification that announces host moves carries the project id
 * (host labels never hold `_`). An edge in the same process also needs
 * `events.emit('analytics', projectId)`. Returns the updated project, or null when there is none.
 */
export async function setAnalyticsSwitches(
  db: Db,
  projectId: string,
  switches: Partial<AnalyticsSwitches>,
): Promise<Project | null> {
  return db.transaction(async (tx) => {
    const [project] = await tx
      .update(projects)
      .set({
        ...(switches.webAnalytics !== undefined && { webAnalytics: switches.webAnalytics }),
        ...(switches.speedInsights !== undefined && { speedInsights: switches.speedInsights }),
        ...(switches.respectDnt !== undefined && { webAnalyticsRespectDnt: switches.respectDnt }),
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, projectId))
      .returning();
    if (project) await notifyAlias(tx, projectId);
    return project ?? null;
  });
}
