// Aliases of deployments, and promote / rollback: both only move the project's production host to
// an existing READY deployment, in one transaction, with no rebuild.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { findDeployment, getProject, listDeploymentAliases, moveProduction } from '@nimbus/db';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { fullHost } from '../deployment-json';
import { engineOf, scopeFor } from '../engine-scope';
import { errors, json, ScopeQuery } from '../schemas/common';
import { IdParam } from '../schemas/deployments';

const auth = [{ bearer: [] }];
const MoveParams = z.object({
  idOrName: z.string().openapi({ param: { name: 'idOrName', in: 'path' } }),
  deploymentId: z.string().openapi({ param: { name: 'deploymentId', in: 'path' } }),
});
const Moved = z
  .object({ projectId: z.string(), deploymentId: z.string(), alias: z.string() })
  .openapi('ProductionMove');

async function move(c: Context<AppEnv>, params: z.infer<typeof MoveParams>, mode: 'promote' | 'rollback') {
  const scope = await scopeFor(c, 'deployment:promote');
  const { db } = c.var.options;
  const project = await getProject(db, scope.teamId, params.idOrName);
  const { host, deployment } = await moveProduction(db, {
    teamId: scope.teamId,
    projectId: project.id,
    deploymentId: params.deploymentId,
    mode,
  });
  engineOf(c).events.emit('alias', host);
  return { projectId: project.id, deploymentId: deployment.id, alias: fullHost(host, c.var.options) };
}

export function aliasRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v2/deployments/{id}/aliases - hosts that point at the deployment
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v2/deployments/{id}/aliases',
      tags: ['Aliases'],
      security: auth,
      request: { params: IdParam, query: ScopeQuery },
      responses: {
        200: json(
          z.object({
            aliases: z.array(z.object({ uid: z.string(), alias: z.string(), created: z.string() }).passthrough()),
          }),
        ),
        ...errors,
      },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'deployment:read');
      const { db, deployDomain } = c.var.options;
      const deployment = await findDeployment(db, scope.teamId, c.req.valid('param').id, deployDomain);
      const rows = await listDeploymentAliases(db, deployment.id);
      const aliases = rows.map((a) => ({
        uid: a.id,
        alias: fullHost(a.host, c.var.options),
        created: a.createdAt.toISOString(),
        redirect: null,
        protectionBypass: {},
      }));
      return c.json({ aliases }, 200);
    },
  );

  // POST /v10/projects/{idOrName}/promote/{deploymentId} - serve this deployment at the production host
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v10/projects/{idOrName}/promote/{deploymentId}',
      tags: ['Aliases'],
      security: auth,
      request: { params: MoveParams, query: ScopeQuery },
      responses: { 201: json(Moved), ...errors },
    }),
    async (c) => c.json(await move(c, c.req.valid('param'), 'promote'), 201),
  );

  // POST /v9/projects/{idOrName}/rollback/{deploymentId} - back to an earlier production deployment
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v9/projects/{idOrName}/rollback/{deploymentId}',
      tags: ['Aliases'],
      security: auth,
      request: { params: MoveParams, query: ScopeQuery },
      responses: { 201: json(Moved), ...errors },
    }),
    async (c) => c.json(await move(c, c.req.valid('param'), 'rollback'), 201),
  );

  return app;
}
