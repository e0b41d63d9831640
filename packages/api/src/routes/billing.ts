// Billing: the plan change behind the upgrade modal (`POST /api/v1/plan/change`, spec 7) and the
// team's billing summary for the dashboard.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { changePlan, getTeamForUser } from '@nimbus/db';
import type { AppEnv } from '../context';
import { body, errors, json, ScopeQuery } from '../schemas/common';
import { requirePermission, resolveScope } from '../scope';
import { teamJson } from '../serialize';

const PlanChange = z
  .object({
    plan: z
      .enum(['hobby', 'pro', 'enterprise'])
      .describe('The plan to move to; hobby → pro starts a 14-day trial once per team.'),
  })
  .openapi('PlanChange');
const PlanChangeReply = z
  .object({
    team: z.object({ id: z.string() }).passthrough(),
    priorPlan: z.string(),
    newPlan: z.string(),
    conversionType: z.enum(['trial', 'paid', 'downgrade']),
  })
  .openapi('PlanChangeReply');

export function billingRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/plan/change - upgrade or downgrade the team in scope (owners and billing)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/plan/change',
      tags: ['Billing'],
      security: [{ bearer: [] }],
      request: { query: ScopeQuery, ...body(PlanChange) },
      responses: { 200: json(PlanChangeReply), ...errors },
    }),
    async (c) => {
      const scope = await resolveScope(c);
      requirePermission(scope, 'billing:update');
      const result = await changePlan(c.var.options.db, scope.teamId, c.req.valid('json').plan);
      return c.json({ ...result, team: teamJson({ ...result.team, role: scope.role }, c.var.user.id) }, 200);
    },
  );

  // GET /v1/billing - plan, status, trial dates and billing platform of the team in scope
  app.get('/v1/billing', async (c) => {
    const scope = await resolveScope(c);
    requirePermission(scope, 'billing:read');
    const team = await getTeamForUser(c.var.options.db, c.var.user.id, scope.teamId);
    return c.json({ billing: teamJson(team).billing, testMode: team.billingPlatform === 'stripe_test' });
  });

  return app;
}
