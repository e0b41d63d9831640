// Metered usage (services/usage.ts) and spend management (services/budgets.ts) of the team in scope.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, ScopeQuery } from '../schemas/common';
import { BudgetInput, BudgetReply, MetricUsageReply, UsageQuery, UsageReply } from '../schemas/usage';
import * as budgets from '../services/budgets';
import * as usage from '../services/usage';

const auth = [{ bearer: [] }];
const tags = ['Usage'];

export function usageRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v2/usage - usage by day, project and metric against the plan's included amounts
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v2/usage',
      tags,
      summary: 'Get usage',
      security: auth,
      request: { query: UsageQuery },
      responses: { 200: json(UsageReply), ...errors },
    }),
    async (c) => c.json(await usage.get(c.var.ctx, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/usage/image-optimizations',
      tags,
      summary: 'Get image optimization usage',
      security: auth,
      request: { query: UsageQuery },
      responses: { 200: json(MetricUsageReply), ...errors },
    }),
    async (c) => c.json(await usage.imageOptimizations(c.var.ctx, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/usage/analytics',
      tags,
      summary: 'Get Web Analytics usage',
      security: auth,
      request: { query: UsageQuery },
      responses: { 200: json(MetricUsageReply), ...errors },
    }),
    async (c) => c.json(await usage.analytics(c.var.ctx, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/budgets',
      tags,
      summary: 'Get the budget',
      security: auth,
      request: { query: ScopeQuery },
      responses: { 200: json(BudgetReply), ...errors },
    }),
    async (c) => c.json(await budgets.get(c.var.ctx), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/v1/budgets',
      tags,
      summary: 'Set the budget',
      security: auth,
      request: { query: ScopeQuery, ...body(BudgetInput) },
      responses: { 200: json(BudgetReply), ...errors },
    }),
    async (c) => c.json(await budgets.set(c.var.ctx, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/budgets',
      tags,
      summary: 'Remove the budget',
      security: auth,
      request: { query: ScopeQuery },
      responses: { 200: json(BudgetReply), ...errors },
    }),
    async (c) => c.json(await budgets.remove(c.var.ctx), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/budgets/resume',
      tags,
      summary: 'Resume paused production deployments',
      security: auth,
      request: { query: ScopeQuery },
      responses: { 200: json(BudgetReply), ...errors },
    }),
    async (c) => c.json(await budgets.resume(c.var.ctx), 200),
  );

  return app;
}
