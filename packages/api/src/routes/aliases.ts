// Aliases of deployments, promote and rollback (services/aliases.ts): parse, call, reply.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errors, json, ScopeQuery } from '../schemas/common';
import { AliasList, IdParam, MoveParams, ProductionMove } from '../schemas/deployments';
import * as aliases from '../services/aliases';

const security = [{ bearer: [] }];
const tags = ['Aliases'];

export function aliasRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v2/deployments/{id}/aliases (also /now/...: `vercel remove`) - hosts that point at the deployment
  for (const path of ['/v2/deployments/{id}/aliases', '/now/deployments/{id}/aliases']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'List the aliases of a deployment',
        security,
        request: { params: IdParam, query: ScopeQuery },
        responses: { 200: json(AliasList), ...errors },
      }),
      async (c) => c.json(await aliases.list(c.var.ctx, c.req.valid('param').id), 200),
    );
  }

  // POST /v10/projects/{idOrName}/promote/{deploymentId} - serve this deployment at the production host
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v10/projects/{idOrName}/promote/{deploymentId}',
      tags,
      summary: 'Promote a deployment to production',
      security,
      request: { params: MoveParams, query: ScopeQuery },
      responses: { 201: json(ProductionMove), ...errors },
    }),
    async (c) => {
      const { idOrName, deploymentId } = c.req.valid('param');
      return c.json(await aliases.promote(c.var.ctx, idOrName, deploymentId), 201);
    },
  );

  // POST /v9/projects/{idOrName}/rollback/{deploymentId} (also /v1: SDK requestRollback) - back to an earlier
  // production deployment
  for (const path of [
    '/v9/projects/{idOrName}/rollback/{deploymentId}',
    '/v1/projects/{idOrName}/rollback/{deploymentId}',
  ]) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        summary: 'Roll production back',
        security,
        request: { params: MoveParams, query: ScopeQuery },
        responses: { 201: json(ProductionMove), ...errors },
      }),
      async (c) => {
        const { idOrName, deploymentId } = c.req.valid('param');
        return c.json(await aliases.rollback(c.var.ctx, idOrName, deploymentId), 201);
      },
    );
  }

  return app;
}
