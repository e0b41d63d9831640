// Log drains (schema/hooks.ts): a team's drains, claimed when due (FOR UPDATE SKIP LOCKED), the
// build and runtime lines after their cursors, and each run's outcome (a failing drain is disabled).
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { notFound } from '../errors';
import { newId } from '../ids';
import { buildLogs, deployments, type LogDrainSource, logDrains, memberships, runtimeLogs, users } from '../schema';
import type { LogDrain } from './hooks';

export async function listLogDrains(db: Db, teamId: string): Promise<LogDrain[]> {
  return db.select().from(logDrains).where(eq(logDrains.teamId, teamId)).orderBy(asc(logDrains.createdAt));
}

export async function getLogDrain(db: Db, teamId: string, id: string): Promise<LogDrain> {
  const [row] = await db
    .select()
    .from(logDrains)
    .where(and(eq(logDrains.id, id), eq(logDrains.teamId, teamId)));
  if (!row) throw notFound(`The log drain "${id}"`);
  return row;
}

/** A new drain starts at the newest log lines: it carries what happens from now on. */
export async function createLogDrain(
  db: Db,
  input: Omit<
    typeof logDrains.$inferInsert,
    'id' | 'lastBuildLogId' | 'lastRuntimeLogId' | 'status' | 'failures' | 'nextRunAt' | 'createdAt'
  >,
): Promise<LogDrain> {
  return db.transaction(async (tx) => {
    const [b] = await tx.select({ max: sql<string | null>`max(${buildLogs.id})` }).from(buildLogs);
    const [r] = await tx.select({ max: sql<string | null>`max(${runtimeLogs.id})` }).from(runtimeLogs);
    const [row] = await tx
      .insert(logDrains)
      .values({
        ...input,
        id: newId('ld'),
        lastBuildLogId: Number(b?.max ?? 0),
        lastRuntimeLogId: Number(r?.max ?? 0),
      })
      .returning();
    return row!;
  });
}

export async function deleteLogDrain(db: Db, teamId: string, id: string): Promise<void> {
  const rows = await db
    .delete(logDrains)
    .where(and(eq(logDrains.id, id), eq(logDrains.teamId, teamId)))
    .returning({ id: logDrains.id });
  if (rows.length === 0) throw notFound(`The log drain "${id}"`);
}

/** Enabled drains whose next run is due, claimed for `leaseMs` (FOR UPDATE SKIP LOCKED). */
export async function claimDueDrains(db: Db, now: Date, limit = 10, leaseMs = 60_000): Promise<LogDrain[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(logDrains)
      .where(and(eq(logDrains.status, 'enabled'), lte(logDrains.nextRunAt, now)))
      .orderBy(asc(logDrains.nextRunAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(logDrains)
      .set({ nextRunAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          logDrains.id,
          due.map((d) => d.id),
        ),
      );
    return due;
  });
}

export interface DrainLine {
  id: number;
  kind: 'build' | 'runtime';
  deploymentId: string;
  projectId: string;
  host: string;
  target: string | null;
  createdAt: Date;
  type: string;
  message: string;
  requestId?: string;
  path?: string | null;
  statusCode?: number | null;
  level?: string;
}

/** The drain's next lines after its cursors, in the sources, projects and environments it takes. */
export async function drainLines(db: Db, drain: LogDrain, limit = 500): Promise<DrainLine[]> {
  const lines: DrainLine[] = [];
  const projectFilter = drain.projectIds.length ? inArray(deployments.projectId, drain.projectIds) : undefined;
  const wants = (s: LogDrainSource) => drain.sources.includes(s);
  if (wants('build')) {
    const rows = await db
      .select({ log: buildLogs, d: deployments })
      .from(buildLogs)
      .innerJoin(deployments, eq(deployments.id, buildLogs.deploymentId))
      .where(and(gt(buildLogs.id, drain.lastBuildLogId), eq(deployments.teamId, drain.teamId), projectFilter))
      .orderBy(asc(buildLogs.id))
      .limit(limit);
    for (const { log, d } of rows)
      lines.push({
        id: log.id,
        kind: 'build',
        deploymentId: d.id,
        projectId: d.projectId,
        host: d.host,
        target: d.target,
        createdAt: log.createdAt,
        type: log.type === 'stderr' ? 'stderr' : 'stdout',
        message: log.text,
        level: log.type === 'error' ? 'error' : log.type === 'warning' || log.type === 'stderr' ? 'warning' : 'info',
      });
  }
  if (wants('lambda') || wants('edge')) {
    const rows = await db
      .select({ log: runtimeLogs, d: deployments })
      .from(runtimeLogs)
      .innerJoin(deployments, eq(deployments.id, runtimeLogs.deploymentId))
      .where(and(gt(runtimeLogs.id, drain.lastRuntimeLogId), eq(runtimeLogs.teamId, drain.teamId), projectFilter))
      .orderBy(asc(runtimeLogs.id))
      .limit(limit);
    for (const { log, d } of rows)
      lines.push({
        id: log.id,
        kind: 'runtime',
        deploymentId: d.id,
        projectId: d.projectId,
        host: d.host,
        target: d.target,
        createdAt: log.createdAt,
        type: log.source === 'stderr' ? 'stderr' : log.source === 'request' ? 'request' : 'stdout',
        message: log.message,
        requestId: log.requestId,
        path: log.path,
        statusCode: log.status,
        level: log.level,
      });
  }
  return lines;
}

/** After a batch: a success moves the cursors; a failure counts, and `disableAfter` failures in a row disable it. */
export async function recordDrainRun(
  db: Db,
  drain: LogDrain,
  result:
    | { ok: true; lastBuildLogId: number; lastRuntimeLogId: number; nextRunAt: Date }
    | { ok: false; reason: string; nextRunAt: Date; disableAfter: number },
): Promise<{ disabled: boolean }> {
  if (result.ok) {
    await db
      .update(logDrains)
      .set({
        failures: 0,
        lastBuildLogId: result.lastBuildLogId,
        lastRuntimeLogId: result.lastRuntimeLogId,
        nextRunAt: result.nextRunAt,
      })
      .where(eq(logDrains.id, drain.id));
    return { disabled: false };
  }
  const failures = drain.failures + 1;
  const disabled = failures >= result.disableAfter;
  await db
    .update(logDrains)
    .set({
      failures,
      nextRunAt: result.nextRunAt,
      ...(disabled ? { status: 'disabled' as const, disabledReason: result.reason.slice(0, 500) } : {}),
    })
    .where(eq(logDrains.id, drain.id));
  return { disabled };
}

/** The owners of a team, to tell them about a disabled drain. */
export async function teamOwnerEmails(db: Db, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, teamId), eq(memberships.role, 'OWNER')));
  return rows.map((r) => r.email);
}
