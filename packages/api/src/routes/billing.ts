// Billing of the team in scope (services/billing.ts): the summary the billing page shows and the
// plan change behind the upgrade modal (`POST /api/v1/plan/change`, docs/spec.md).
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, ScopeQuery } from '../schemas/common';
import { BillingReply, PlanChange, PlanChangeReply } from '../schemas/teams';
import * as billing from '../services/billing';

const auth = [{ bearer: [] }];
const tags = ['Billing'];

export function billingRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/plan/change - upgrade or downgrade the team in scope (owners and billing)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/plan/change',
      tags,
      summary: 'Change the plan',
      security: auth,
      request: { query: ScopeQuery, ...body(PlanChange) },
      responses: { 200: json(PlanChangeReply), ...errors },
    }),
    async (c) => c.json(await billing.changePlan(c.var.ctx, c.req.valid('json').plan), 200),
  );

  // GET /v1/billing - plan, status, trial dates and billing platform of the team in scope
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/billing',
      tags,
      summary: 'Get billing',
      security: auth,
      request: { query: ScopeQuery },
      responses: { 200: json(BillingReply), ...errors },
    }),
    async (c) => c.json(await billing.get(c.var.ctx), 200),
  );

  return app;
}
