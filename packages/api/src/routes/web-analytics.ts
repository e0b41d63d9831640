// Web Analytics and Speed Insights read endpoints and switches (services/web-analytics.ts). The
// tabs read `/v1/web-analytics/{idOrName}` and `/v1/speed-insights/{idOrName}`; @vercel/sdk's
// `createWebInsightsToggle` and `createSpeedInsightsToggle` post to `/web/insights/toggle` and
// `/speed-insights/toggle`.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { VITAL_METRICS } from '@nimbus/core';
import { WEB_DIMENSIONS, WEB_PERIODS, type WebFilter } from '@nimbus/db';
import type { AppEnv } from '../context';
import { body, errors, json, key, ScopeQuery } from '../schemas/common';
import { ProjectParam } from '../schemas/projects';
import * as analytics from '../services/web-analytics';

const security = [{ bearer: [] }];
const tags = ['Web Analytics'];

const Period = z
  .enum(WEB_PERIODS as [string, ...string[]])
  .default('24h')
  .describe('24h (hourly series), 7d or 30d (daily series, whole UTC days up to today).');

const filterFields = Object.fromEntries(
  WEB_DIMENSIONS.map((d) => [d, key().optional().describe(`Only rows whose ${d} equals this ('' = none).`)]),
) as Record<(typeof WEB_DIMENSIONS)[number], z.ZodOptional<ReturnType<typeof key>>>;

const OverviewQuery = ScopeQuery.extend({
  period: Period,
  limit: z.coerce.number().int().min(1).max(100).default(10).describe('Rows per top list.'),
  ...filterFields,
});

const TopRow = z.object({ value: z.string(), visitors: z.number(), pageviews: z.number(), events: z.number() });
const Overview = z
  .object({
    projectId: z.string(),
    enabled: z.boolean(),
    respectDnt: z.boolean(),
    period: z.string(),
    filters: z.array(z.object({ dimension: z.string(), value: z.string() })),
    totals: z.object({
      visitors: z.number().describe('Sum of daily unique visitors (a visitor hash lasts one UTC day).'),
      pageviews: z.number(),
      bounces: z.number(),
      bounceRate: z.number().describe('Bounces / visitors, 0-1.'),
      events: z.number(),
    }),
    series: z.array(z.object({ t: z.string(), visitors: z.number(), pageviews: z.number() })),
    top: z.record(z.string(), z.array(TopRow)).describe('Top values per dimension; `event` lists custom events.'),
    source: z.object({ rollupDays: z.number(), raw: z.boolean() }),
  })
  .openapi('WebAnalyticsOverview');

const SpeedQuery = ScopeQuery.extend({
  period: Period,
  route: key().optional().describe('Only this route (pattern, else path).'),
  device: z.enum(['desktop', 'mobile', 'tablet']).optional(),
});
const Vital = z.object({
  metric: z.enum(VITAL_METRICS),
  p75: z.number(),
  samples: z.number(),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
});
const Scored = {
  score: z.number().nullable().describe('Real experience score, 0-100.'),
  scoreRating: z.enum(['good', 'needs-improvement', 'poor']).nullable(),
  samples: z.number(),
  vitals: z.array(Vital),
};
const Speed = z
  .object({
    projectId: z.string(),
    enabled: z.boolean(),
    period: z.string(),
    weights: z.record(z.string(), z.number()),
    ...Scored,
    routes: z.array(z.object({ route: z.string(), ...Scored })),
    devices: z.array(z.object({ device: z.string(), ...Scored })),
    series: z.array(z.object({ t: z.string(), ...Scored })),
    range: z.object({ bucket: z.enum(['hour', 'day']), from: z.number(), to: z.number() }),
  })
  .openapi('SpeedInsightsOverview');

const Switch = z
  .object({
    webAnalytics: z.boolean().optional(),
    respectDnt: z.boolean().optional().describe('Collect nothing from browsers that send DNT: 1.'),
    speedInsights: z.boolean().optional(),
  })
  .openapi('WebAnalyticsSwitch');
const Switched = z
  .object({ projectId: z.string(), webAnalytics: z.boolean(), respectDnt: z.boolean(), speedInsights: z.boolean() })
  .openapi('WebAnalyticsSwitched');

const ToggleQuery = ScopeQuery.extend({ projectId: key().describe('Project id or name.') });
const Toggle = z.object({ value: z.boolean() }).openapi('InsightsToggle');
const Toggled = z.object({ value: z.boolean(), projectId: z.string() }).openapi('InsightsToggled');

const EnabledProjects = z
  .object({ projects: z.array(z.object({ id: z.string(), name: z.string() })) })
  .openapi('SpeedInsightsEnabledProjects');

export function webAnalyticsRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/web-analytics/{idOrName} - the Analytics tab's figures for a period and filters
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/web-analytics/{idOrName}',
      tags,
      summary: 'Web Analytics of a project',
      security,
      request: { params: ProjectParam, query: OverviewQuery },
      responses: { 200: json(Overview), ...errors },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const filters: WebFilter[] = WEB_DIMENSIONS.flatMap((dimension) =>
        q[dimension] !== undefined ? [{ dimension, value: q[dimension] }] : [],
      );
      const period = q.period as (typeof WEB_PERIODS)[number];
      return c.json(
        await analytics.overview(c.var.ctx, c.req.valid('param').idOrName, { period, filters, limit: q.limit }),
        200,
      );
    },
  );

  // GET /v1/speed-insights/{idOrName} - the Speed Insights tab: score, p75 per route, device, time
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/speed-insights/{idOrName}',
      tags,
      summary: 'Speed Insights of a project',
      security,
      request: { params: ProjectParam, query: SpeedQuery },
      responses: { 200: json(Speed), ...errors },
    }),
    async (c) => {
      const { period, route, device } = c.req.valid('query');
      const input = { period: period as (typeof WEB_PERIODS)[number], route, device };
      return c.json(await analytics.speedInsights(c.var.ctx, c.req.valid('param').idOrName, input), 200);
    },
  );

  // PATCH /v1/web-analytics/{idOrName} - turn Web Analytics, its DNT option or Speed Insights on or off
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/web-analytics/{idOrName}',
      tags,
      summary: 'Turn Web Analytics or Speed Insights on or off',
      security,
      request: { params: ProjectParam, query: ScopeQuery, ...body(Switch) },
      responses: { 200: json(Switched), ...errors },
    }),
    async (c) => c.json(await analytics.setEnabled(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('json')), 200),
  );

  // POST /web/insights/toggle?projectId= and /speed-insights/toggle?projectId= - @vercel/sdk's switches
  for (const [path, field] of [
    ['/web/insights/toggle', 'webAnalytics'],
    ['/speed-insights/toggle', 'speedInsights'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        summary: field === 'webAnalytics' ? 'Toggle Web Analytics' : 'Toggle Speed Insights',
        security,
        request: { query: ToggleQuery, ...body(Toggle) },
        responses: { 200: json(Toggled), ...errors },
      }),
      async (c) => {
        const { projectId } = c.req.valid('query');
        const done = await analytics.setEnabled(c.var.ctx, projectId, { [field]: c.req.valid('json').value });
        return c.json({ value: done[field], projectId: done.projectId }, 200);
      },
    );
  }

  // GET /speed-insights/enabled-projects - the team's projects with Speed Insights on
  app.openapi(
    createRoute({
      method: 'get',
      path: '/speed-insights/enabled-projects',
      tags,
      summary: 'Projects with Speed Insights on',
      security,
      request: { query: ScopeQuery },
      responses: { 200: json(EnabledProjects), ...errors },
    }),
    async (c) => c.json(await analytics.enabledProjects(c.var.ctx), 200),
  );

  return app;
}
