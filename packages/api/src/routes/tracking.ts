// `GET /v1/tracking/context` (services/tracking.ts): what the browser's tracker puts in the global
// properties and activity records of a logged-in user, with the team's derived plan traits.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errors, json } from '../schemas/common';
import * as tracking from '../services/tracking';

const ms = z.number().nullable().describe('Milliseconds since the epoch, or null.');

const PlanTraitsSchema = z
  .object({
    isTrial: z.boolean(),
    trialStartDate: ms,
    trialEndDate: ms,
    hasDowngradedTrial: z.boolean(),
    isPro: z.boolean(),
    proStartDate: ms,
    isEnterprise: z.boolean(),
    enterpriseStartDate: ms,
    hobbyStartDate: ms,
    isStaff: z.boolean(),
  })
  .openapi('PlanTraits');

const TrackingContext = z
  .union([
    z.object({ tracked: z.literal(false).describe('The user is at the staff e-mail domain: record nothing.') }),
    z.object({
      tracked: z.literal(true),
      userId: z.string(),
      userVersion: z.string(),
      userDefaultTeamId: z.string().nullable(),
      teamId: z.string().nullable(),
      role: z.enum(['OWNER', 'MEMBER', 'DEVELOPER', 'BILLING', 'VIEWER']).nullable(),
      plan: z.enum(['hobby', 'pro', 'enterprise']).nullable(),
      staff: z.boolean().describe('A member of the staff team.'),
      traits: PlanTraitsSchema,
    }),
  ])
  .openapi('TrackingContext');

export function trackingRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/tracking/context - the tracker's view of the caller and a team of theirs
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/tracking/context',
      tags: ['Event stream'],
      summary: 'Get what activity records say about the caller',
      security: [{ bearer: [] }],
      request: {
        query: z.object({
          teamId: z.string().max(256).optional().describe('A team id or slug; default: the default team.'),
        }),
      },
      responses: { 200: json(TrackingContext), ...errors },
    }),
    async (c) => c.json(await tracking.trackingContext(c.var.ctx, c.req.valid('query')), 200),
  );

  return app;
}
