// Metered usage of the team in scope (packages/core/src/usage.ts): totals, by day, by project and by
// metric against the plan's included amounts (`GET /v2/usage`), and the image-optimisation and
// analytics views of the same rows (`/v1/usage/image-optimizations`, `/v1/usage/analytics`).
// Figures are what the meters have written: a few seconds behind the edge (NIMBUS_USAGE_FLUSH_INTERVAL).
import { emptyUsage, includedUsage, USAGE_METRICS, type UsageMetric, type UsageTotals, usageCost } from '@nimbus/core';
import * as db from '@nimbus/db';
import { authorize } from './access';
import type { ServiceContext } from './context';

const DAY_MS = 86_400_000;
/** The longest period one call reads. */
const MAX_DAYS = 400;

export interface UsageRange {
  /** ISO date (`2026-11-01`) or date-time; default: the first day of this month (UTC). */
  from?: string;
  /** Exclusive; default: the first day of next month (UTC). */
  to?: string;
}

/** `YYYY-MM-DD` of the first day of the month holding `at`, and of the next month (UTC). */
export function monthOf(at = new Date()): { from: string; to: string; month: string } {
  const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const to = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from: day(from), to: day(to), month: day(from).slice(0, 7) };
}

function parseDay(value: string, name: string): string {
  const date = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 9999)
    throw new db.DomainError(
      'bad_request',
      `"${name}" must be a date such as 2026-11-01 (or a millisecond timestamp).`,
    );
  return date.toISOString().slice(0, 10);
}

export function rangeOf(input: UsageRange): { from: string; to: string } {
  const month = monthOf();
  const from = input.from ? parseDay(input.from, 'from') : month.from;
  const to = input.to
    ? parseDay(input.to, 'to')
    : input.from
      ? nextDay(new Date().toISOString().slice(0, 10))
      : month.to;
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days <= 0) throw new db.DomainError('bad_request', '"to" must come after "from".');
  if (days > MAX_DAYS) throw new db.DomainError('bad_request', `One call reads at most ${MAX_DAYS} days.`);
  return { from, to };
}

const nextDay = (day: string) => new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10);

/** Every day of the range, so charts have a point for days without usage. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day < to; day = nextDay(day)) days.push(day);
  return days;
}

const finite = (value: number) => (Number.isFinite(value) ? value : null);

export async function get(ctx: ServiceContext, input: UsageRange) {
  const scope = await authorize(ctx, 'billing:read');
  const { from, to } = rangeOf(input);
  const [team] = await db.teamsByIds(ctx.db, [scope.teamId]);
  if (!team) throw db.notFound('The team');
  const [rows, names] = await Promise.all([
    db.usageRows(ctx.db, scope.teamId, from, to),
    db.projectNames(ctx.db, scope.teamId),
  ]);
  const totals = emptyUsage();
  const byDay = new Map<string, UsageTotals>(daysOf(from, to).map((day) => [day, emptyUsage()]));
  const byProject = new Map<string, UsageTotals>();
  for (const row of rows) {
    const metric = row.metric as UsageMetric;
    if (!USAGE_METRICS.includes(metric)) continue;
    totals[metric] += row.value;
    const day = byDay.get(row.day) ?? emptyUsage();
    day[metric] += row.value;
    byDay.set(row.day, day);
    const project = byProject.get(row.projectId) ?? emptyUsage();
    project[metric] += row.value;
    byProject.set(row.projectId, project);
  }
  const included = includedUsage(team.plan);
  const cost = usageCost(team.plan, totals);
  return {
    period: { from, to },
    plan: team.plan,
    limited: team.limitedBy.length > 0,
    limitedBy: team.limitedBy,
    metrics: USAGE_METRICS.map((metric) => ({
      metric,
      used: totals[metric],
      included: finite(included[metric]),
      overageCents: cost.lines.find((line) => line.metric === metric)!.amountCents,
    })),
    totals,
    costCents: cost.totalCents,
    byDay: [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, values]) => ({ day, ...values })),
    byProject: [...byProject]
      .map(([projectId, values]) => ({ projectId, name: names.get(projectId) ?? null, ...values }))
      .sort((a, b) => b.edge_requests - a.edge_requests || a.projectId.localeCompare(b.projectId)),
  };
}

/** One metric's view: its total against the plan and by day and project. */
async function oneMetric(ctx: ServiceContext, input: UsageRange, metric: UsageMetric) {
  const usage = await get(ctx, input);
  const line = usage.metrics.find((m) => m.metric === metric)!;
  return {
    period: usage.period,
    plan: usage.plan,
    used: line.used,
    included: line.included,
    overageCents: line.overageCents,
    byDay: usage.byDay.map((day) => ({ day: day.day, value: day[metric] })),
    byProject: usage.byProject
      .filter((project) => project[metric] > 0)
      .map((project) => ({ projectId: project.projectId, name: project.name, value: project[metric] })),
  };
}

export const imageOptimizations = (ctx: ServiceContext, input: UsageRange) =>
  oneMetric(ctx, input, 'image_transformations');

export const analytics = (ctx: ServiceContext, input: UsageRange) => oneMetric(ctx, input, 'analytics_events');
