// Metered usage: the meters' batched additions and the totals that the Usage page, budgets and the
// overage invoice read (packages/core/src/usage.ts defines the metrics).
import { emptyUsage, type UsageMetric, type UsageTotals } from '@nimbus/core';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { usageDaily } from '../schema';

export interface UsageIncrement {
  teamId: string;
  projectId: string;
  metric: UsageMetric;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  value: number;
}

/**
 * Adds a batch of increments in one statement. Rows for the same key are summed first: one INSERT
 * cannot update the same row twice.
 */
export async function addUsage(db: Db, rows: readonly UsageIncrement[]): Promise<void> {
  const merged = new Map<string, UsageIncrement>();
  for (const row of rows) {
    const key = `${row.teamId}\0${row.projectId}\0${row.metric}\0${row.day}`;
    const seen = merged.get(key);
    merged.set(key, { ...row, value: (seen?.value ?? 0) + row.value });
  }
  if (merged.size === 0) return;
  await db
    .insert(usageDaily)
    .values([...merged.values()].map((row) => ({ ...row, value: Math.round(row.value) })))
    .onConflictDoUpdate({
      target: [usageDaily.teamId, usageDaily.day, usageDaily.metric, usageDaily.projectId],
      set: { value: sql`${usageDaily.value} + excluded.value` },
    });
}

/** A team's usage per metric over the days `from` (inclusive) to `to` (exclusive), `YYYY-MM-DD`. */
export async function usageTotals(db: Db, teamId: string, from: string, to: string): Promise<UsageTotals> {
  const rows = await db
    .select({ metric: usageDaily.metric, value: sql<string>`sum(${usageDaily.value})` })
    .from(usageDaily)
    .where(and(eq(usageDaily.teamId, teamId), gte(usageDaily.day, from), lt(usageDaily.day, to)))
    .groupBy(usageDaily.metric);
  const totals = emptyUsage();
  for (const row of rows) totals[row.metric] = Number(row.value);
  return totals;
}
