// Deployments: create from a file list (reporting missing_files), read by id or URL, list with
// filters and pages, cancel, delete. Builds themselves run in the worker (packages/engine).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  cancelDeployment,
  DomainError,
  deleteDeployment,
  findDeployment,
  getProject,
  listDeploymentAliases,
  listDeployments,
} from '@nimbus/db';
import { submitDeployment } from '@nimbus/engine';
import type { AppEnv } from '../context';
import { deploymentJson, deploymentListItem } from '../deployment-json';
import { deploymentContext, engineOf, scopeFor } from '../engine-scope';
import { body, errors, json, PaginationSchema, ScopeQuery } from '../schemas/common';
import { DeploymentCreate, DeploymentListQuery, DeploymentSchema, IdParam } from '../schemas/deployments';

const auth = [{ bearer: [] }];
const STATES = ['QUEUED', 'BUILDING', 'READY', 'ERROR', 'CANCELED'];
const CreateQuery = ScopeQuery.extend({
  skipAutoDetectionConfirmation: z.string().optional(),
  forceNew: z.string().optional(),
});
const DeploymentList = z
  .object({ deployments: z.array(z.object({}).passthrough()), pagination: PaginationSchema })
  .openapi('DeploymentList');

function parseStates(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const states = value.split(',').map((s) => s.trim().toUpperCase());
  const bad = states.find((s) => !STATES.includes(s));
  if (bad) throw new DomainError('bad_request', `state "${bad}" is not one of ${STATES.join(', ')}.`);
  return states;
}

export function deploymentRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v13/deployments - create a deployment and queue its build
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v13/deployments',
      tags: ['Deployments'],
      security: auth,
      request: { query: CreateQuery, ...body(DeploymentCreate) },
      responses: { 200: json(DeploymentSchema), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'deployment:create');
      const input = c.req.valid('json');
      const deployment = await submitDeployment(c.var.options.db, engineOf(c), {
        ...input,
        teamId: scope.teamId,
        userId: c.var.user.id,
        source: c.var.via === 'token' ? 'cli' : 'dashboard',
      });
      return c.json(deploymentJson(deployment, await deploymentContext(c, scope, [deployment])), 200);
    },
  );

  // GET /v13/deployments/{idOrUrl} - one deployment by id, host or URL
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v13/deployments/{id}',
      tags: ['Deployments'],
      security: auth,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(DeploymentSchema), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'deployment:read');
      const { db, deployDomain } = c.var.options;
      const deployment = await findDeployment(db, scope.teamId, c.req.valid('param').id, deployDomain);
      const aliases = await listDeploymentAliases(db, deployment.id);
      return c.json(
        deploymentJson(
          deployment,
          await deploymentContext(c, scope, [deployment]),
          aliases.map((a) => a.host),
        ),
        200,
      );
    },
  );

  // GET /v7/deployments and /v6/deployments - newest first, filtered by project, target and state
  for (const path of ['/v7/deployments', '/v6/deployments']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Deployments'],
        security: auth,
        request: { query: DeploymentListQuery },
        responses: { 200: json(DeploymentList), ...errors },
      }),
      async (c) => {
        const scope = await scopeFor(c, 'deployment:read');
        const q = c.req.valid('query');
        const projectRef = q.projectId ?? q.app;
        const projectId = projectRef ? (await getProject(c.var.options.db, scope.teamId, projectRef)).id : undefined;
        const { items, next, prev } = await listDeployments(c.var.options.db, scope.teamId, {
          ...q,
          projectId,
          state: parseStates(q.state),
        });
        const ctx = await deploymentContext(c, scope, items);
        return c.json(
          {
            deployments: items.map((d) => deploymentListItem(d, ctx)),
            pagination: { count: items.length, next, prev },
          },
          200,
        );
      },
    );
  }

  // PATCH /v12/deployments/{id}/cancel - stop a queued or running build
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v12/deployments/{id}/cancel',
      tags: ['Deployments'],
      security: auth,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(DeploymentSchema), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'deployment:cancel');
      const deployment = await cancelDeployment(c.var.options.db, scope.teamId, c.req.valid('param').id);
      engineOf(c).events.emit('canceled', deployment.id);
      return c.json(deploymentJson(deployment, await deploymentContext(c, scope, [deployment])), 200);
    },
  );

  // DELETE /v13/deployments/{id} - delete a deployment that does not serve production
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v13/deployments/{id}',
      tags: ['Deployments'],
      security: auth,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(z.object({ uid: z.string(), state: z.literal('DELETED') })), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'deployment:delete');
      const deployment = await deleteDeployment(c.var.options.db, scope.teamId, c.req.valid('param').id);
      const { events } = engineOf(c);
      events.emit('canceled', deployment.id);
      events.emit('alias', deployment.host);
      return c.json({ uid: deployment.id, state: 'DELETED' as const }, 200);
    },
  );

  return app;
}
