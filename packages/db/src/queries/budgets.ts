// Spend management and the states usage puts a team in: its budget and the alerts sent for it, the
// metrics that limit it (`limited_by`), production paused at 100% of the budget, and a frozen account
// (staff). A change to what the edge serves notifies `nimbus_alias` with the team id, so every edge
// drops the team's cached hosts (hosts.ts matches a team id as well as a host or project).
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { budgetAlerts, budgets, projects, teams, usageDaily } from '../schema';
import { notifyAlias } from './aliases';

export type Budget = typeof budgets.$inferSelect;

export async function getBudget(db: Db, teamId: string): Promise<Budget | null> {
  const [row] = await db.select().from(budgets).where(eq(budgets.teamId, teamId));
  return row ?? null;
}

export interface BudgetInput {
  amountCents: number;
  pauseProduction: boolean;
  webhookUrl: string | null;
  /** Sealed; undefined keeps the stored one. */
  webhookSecret?: string | null;
}

export async function setBudget(db: Db, teamId: string, input: BudgetInput): Promise<Budget> {
  const now = new Date();
  const values = {
    amountCents: input.amountCents,
    pauseProduction: input.pauseProduction,
    webhookUrl: input.webhookUrl,
    ...(input.webhookSecret !== undefined ? { webhookSecret: input.webhookSecret } : {}),
    updatedAt: now,
  };
  const [row] = await db
    .insert(budgets)
    .values({ teamId, ...values, webhookSecret: input.webhookSecret ?? null })
    .onConflictDoUpdate({ target: budgets.teamId, set: values })
    .returning();
  return row!;
}

export async function deleteBudget(db: Db, teamId: string): Promise<boolean> {
  const rows = await db.delete(budgets).where(eq(budgets.teamId, teamId)).returning({ teamId: budgets.teamId });
  return rows.length > 0;
}

/** The alerts sent for a month, lowest threshold first. */
export async function budgetAlertsOf(db: Db, teamId: string, month: string) {
  return db
    .select()
    .from(budgetAlerts)
    .where(and(eq(budgetAlerts.teamId, teamId), eq(budgetAlerts.month, month)))
    .orderBy(budgetAlerts.threshold);
}

/** Claims an alert: true for the one caller that records it, false when it was already sent this month. */
export async function claimBudgetAlert(
  db: Db,
  input: { teamId: string; month: string; threshold: number; spentCents: number },
): Promise<boolean> {
  const rows = await db
    .insert(budgetAlerts)
    .values(input)
    .onConflictDoNothing()
    .returning({ threshold: budgetAlerts.threshold });
  return rows.length > 0;
}

/** Sets the metrics that limit a team; returns whether they changed. */
export async function setLimitedBy(db: Db, teamId: string, metrics: string[]): Promise<boolean> {
  const value = JSON.stringify(metrics);
  const rows = await db
    .update(teams)
    .set({ limitedBy: metrics })
    .where(and(eq(teams.id, teamId), sql`${teams.limitedBy} <> ${value}::jsonb`))
    .returning({ id: teams.id });
  return rows.length > 0;
}

/** Pauses (a date) or resumes (null) the team's production deployments; returns whether it changed. */
export async function setProductionPaused(db: Db, teamId: string, paused: Date | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(teams)
      .set({ productionPausedAt: paused })
      .where(
        and(
          eq(teams.id, teamId),
          paused ? sql`${teams.productionPausedAt} is null` : sql`${teams.productionPausedAt} is not null`,
        ),
      )
      .returning({ id: teams.id });
    if (rows.length) await notifyAlias(tx, teamId);
    return rows.length > 0;
  });
}

/** Freezes (a date) or unfreezes (null) an account; throws when the team does not exist. */
export async function setFrozen(db: Db, teamId: string, frozen: Date | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(teams).set({ frozenAt: frozen }).where(eq(teams.id, teamId)).returning();
    if (!row) throw new DomainError('not_found', 'The team was not found.');
    await notifyAlias(tx, teamId);
    return row;
  });
}

/** What the edge needs of a team to serve its deployments. */
export async function teamServingState(db: Db, teamId: string): Promise<{ frozen: boolean; paused: boolean }> {
  const [row] = await db
    .select({ frozenAt: teams.frozenAt, pausedAt: teams.productionPausedAt })
    .from(teams)
    .where(eq(teams.id, teamId));
  return { frozen: Boolean(row?.frozenAt), paused: Boolean(row?.pausedAt) };
}

export type UsageBreakdownRow = { day: string; projectId: string; metric: string; value: number };

/** A team's usage rows between `from` (inclusive) and `to` (exclusive), by day, project and metric. */
export async function usageRows(db: Db, teamId: string, from: string, to: string): Promise<UsageBreakdownRow[]> {
  const rows = await db
    .select({
      day: usageDaily.day,
      projectId: usageDaily.projectId,
      metric: usageDaily.metric,
      value: usageDaily.value,
    })
    .from(usageDaily)
    .where(and(eq(usageDaily.teamId, teamId), gte(usageDaily.day, from), lt(usageDaily.day, to)))
    .orderBy(usageDaily.day, usageDaily.projectId, usageDaily.metric);
  return rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/** Names of a team's projects by id, for the usage breakdown (removed projects have none). */
export async function projectNames(db: Db, teamId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.teamId, teamId));
  return new Map(rows.map((row) => [row.id, row.name]));
}
