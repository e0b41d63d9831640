// Build logs as rows: the worker appends lines in batches, readers page through them by id, so the
// NDJSON and server-sent-event streams can follow a build from any process.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../client';
import { buildLogs } from '../schema';

export type LogType = (typeof buildLogs.$inferSelect)['type'];
export type LogLine = typeof buildLogs.$inferSelect;

const LINE_MAX = 4096;

export async function appendLogs(
  db: Db,
  deploymentId: string,
  lines: { type: LogType; text: string }[],
): Promise<void> {
  if (!lines.length) return;
  const rows = lines.map((l) => ({
    deploymentId,
    type: l.type,
    text: l.text.length > LINE_MAX ? `${l.text.slice(0, LINE_MAX)}…` : l.text,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(buildLogs).values(rows.slice(i, i + 500));
}

export async function logsAfter(db: Db, deploymentId: string, afterId = 0, limit = 1000): Promise<LogLine[]> {
  return db
    .select()
    .from(buildLogs)
    .where(and(eq(buildLogs.deploymentId, deploymentId), gt(buildLogs.id, afterId)))
    .orderBy(asc(buildLogs.id))
    .limit(limit);
}
