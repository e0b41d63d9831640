// Usage and spend management: `/v2/usage`, `/v1/usage/*` and `/v1/budgets`.
import { z } from '@hono/zod-openapi';
import { ScopeQuery } from './common';

const day = z.string().describe('A UTC day, YYYY-MM-DD.');
const dateParam = z
  .string()
  .max(40)
  .optional()
  .describe('An ISO date (2026-11-01) or date-time, or a millisecond timestamp.');

export const UsageQuery = ScopeQuery.extend({
  from: dateParam.describe('First day (UTC), inclusive; default the first day of this month.'),
  to: dateParam.describe('Last day (UTC), exclusive; default the first day of next month.'),
});

const metric = z.enum([
  'edge_requests',
  'bandwidth_bytes',
  'build_ms',
  'function_invocations',
  'function_mb_ms',
  'image_transformations',
  'analytics_events',
]);
const values = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));

export const UsageReply = z
  .object({
    period: z.object({ from: day, to: day }),
    plan: z.enum(['hobby', 'pro', 'enterprise']),
    limited: z.boolean(),
    limitedBy: z.array(z.string()),
    metrics: z.array(
      z.object({
        metric,
        used: z.number(),
        included: z.number().nullable().describe('Included each month by the plan; null means no limit.'),
        overageCents: z.number().describe('What usage past the included amount costs (Pro), in US cents.'),
      }),
    ),
    totals: z.record(z.string(), z.number()),
    costCents: z.number(),
    byDay: z.array(values),
    byProject: z.array(values),
  })
  .openapi('Usage');

export const MetricUsageReply = z
  .object({
    period: z.object({ from: day, to: day }),
    plan: z.enum(['hobby', 'pro', 'enterprise']),
    used: z.number(),
    included: z.number().nullable(),
    overageCents: z.number(),
    byDay: z.array(z.object({ day, value: z.number() })),
    byProject: z.array(z.object({ projectId: z.string(), name: z.string().nullable(), value: z.number() })),
  })
  .openapi('MetricUsage');

export const BudgetInput = z
  .object({
    amountCents: z.number().int().min(100).max(100_000_000).describe('The monthly budget in US cents.'),
    pauseProduction: z.boolean().optional().describe('Pause every production deployment at 100% of the budget.'),
    webhookUrl: z.string().max(2_000).nullable().optional().describe('Where alerts are POSTed, signed.'),
  })
  .openapi('BudgetInput');

export const BudgetReply = z
  .object({
    budget: z
      .object({
        amountCents: z.number(),
        pauseProduction: z.boolean(),
        webhookUrl: z.string().nullable(),
        createdAt: z.number(),
        updatedAt: z.number(),
      })
      .nullable(),
    spend: z.object({ month: z.string(), spentCents: z.number(), percent: z.number().nullable() }),
    alerts: z.array(z.object({ threshold: z.number(), spentCents: z.number(), sentAt: z.number() })),
    productionPaused: z.boolean(),
    pausedAt: z.number().nullable(),
    webhookSecret: z
      .string()
      .optional()
      .describe('The webhook signing secret, shown once when a first webhook URL is set.'),
  })
  .openapi('Budget');
