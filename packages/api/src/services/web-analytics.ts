// Web Analytics and Speed Insights of a project, read side: the Analytics tab's figures, the Speed
// Insights tab's p75 values and score, turning either on and off, and the team's projects with Speed
// Insights on. Reading is for every role; switching is `project:update` (Owner, Member).
import { experienceScore, rateScore, rateVital, SCORE_WEIGHTS, VITAL_METRICS, type VitalMetric } from '@nimbus/core';
import * as db from '@nimbus/db';
import { authorize } from './access';
import { audit } from './audit';
import type { ServiceContext } from './context';

export interface OverviewInput {
  period: db.WebPeriod;
  filters: db.WebFilter[];
  limit?: number;
}

/** The Analytics tab: totals, the series, the top values of every dimension, custom events. */
export async function overview(ctx: ServiceContext, idOrName: string, input: OverviewInput) {
  const scope = await authorize(ctx, 'project:read');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  const figures = await db.webAnalyticsOverview(ctx.db, {
    projectId: project.id,
    period: input.period,
    filters: input.filters,
    limit: input.limit,
  });
  return {
    projectId: project.id,
    enabled: project.webAnalytics,
    respectDnt: project.webAnalyticsRespectDnt,
    period: input.period,
    filters: input.filters,
    ...figures,
  };
}

export interface SpeedInput {
  period: db.WebPeriod;
  route?: string;
  device?: string;
}

const vitalsJson = (list: db.VitalP75[]) => {
  const p75 = Object.fromEntries(list.map((v) => [v.metric, v.p75])) as Partial<Record<VitalMetric, number>>;
  const score = experienceScore(p75);
  return {
    score,
    scoreRating: score === null ? null : rateScore(score),
    samples: list.reduce((n, v) => Math.max(n, v.samples), 0),
    vitals: VITAL_METRICS.flatMap((metric) => {
      const v = list.find((x) => x.metric === metric);
      return v ? [{ metric, p75: v.p75, samples: v.samples, rating: rateVital(metric, v.p75) }] : [];
    }),
  };
};

/** The Speed Insights tab: the score and p75 of each vital, per route, per device and over time. */
export async function speedInsights(ctx: ServiceContext, idOrName: string, input: SpeedInput) {
  const scope = await authorize(ctx, 'project:read');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  const found = await db.speedInsightsOverview(ctx.db, { projectId: project.id, ...input });
  const keyed = (m: Map<string, db.VitalP75[]>) => [...m].map(([key, list]) => ({ key, ...vitalsJson(list) }));
  const { bucket, from, to } = found.range;
  return {
    projectId: project.id,
    enabled: project.speedInsights,
    period: input.period,
    weights: SCORE_WEIGHTS,
    ...vitalsJson(found.overall),
    routes: keyed(found.routes)
      .sort((a, b) => b.samples - a.samples)
      .map(({ key, ...v }) => ({ route: key, ...v })),
    devices: keyed(found.devices).map(({ key, ...v }) => ({ device: key, ...v })),
    series: keyed(found.series)
      .sort((a, b) => a.key.localeCompare(b.key))
      .map(({ key, ...v }) => ({ t: key, ...v })),
    range: { bucket, from: from.getTime(), to: to.getTime() },
  };
}

export interface SwitchInput {
  webAnalytics?: boolean;
  respectDnt?: boolean;
  speedInsights?: boolean;
}

/**
 * Writes the switches through the one query that tells every edge (NOTIFY), and the edge of this
 * process through its events, so a script turned on answers at once and one turned off stops.
 */
export async function applySwitches(
  ctx: ServiceContext,
  projectId: string,
  switches: Partial<db.AnalyticsSwitches>,
): Promise<db.Project> {
  const project = await db.setAnalyticsSwitches(ctx.db, projectId, switches);
  if (!project) throw db.notFound('The project');
  ctx.options.engine?.events.emit('analytics', projectId);
  return project;
}

/** Turns Web Analytics (and its Do Not Track option) or Speed Insights on or off. */
export async function setEnabled(ctx: ServiceContext, idOrName: string, input: SwitchInput) {
  const scope = await authorize(ctx, 'project:update');
  const before = await db.getProject(ctx.db, scope.teamId, idOrName);
  const fields = (['webAnalytics', 'respectDnt', 'speedInsights'] as const).filter((f) => input[f] !== undefined);
  const project = fields.length ? await applySwitches(ctx, before.id, input) : before;
  if (fields.length) {
    await audit(
      ctx,
      'project.updated',
      { type: 'project', id: project.id, name: project.name },
      { projectId: project.id, fields },
    );
  }
  return {
    projectId: project.id,
    webAnalytics: project.webAnalytics,
    respectDnt: project.webAnalyticsRespectDnt,
    speedInsights: project.speedInsights,
  };
}

/** GET /speed-insights/enabled-projects: the team's projects with Speed Insights on. */
export async function enabledProjects(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'project:read');
  return { projects: await db.speedInsightsEnabledProjects(ctx.db, scope.teamId) };
}
