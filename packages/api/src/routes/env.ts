// Environment variables of a project. Every role that reads the project sees the keys; values are
// decrypted only with ?decrypt=true for roles with env:read, and "sensitive" ones never again.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { can } from '@nimbus/core';
import { createEnvVars, deleteEnvVar, type EnvVar, getProject, listEnvVars, updateEnvVar } from '@nimbus/db';
import type { Context } from 'hono';
import type { AppEnv, Scope } from '../context';
import { engineOf, scopeFor } from '../engine-scope';
import { envJson } from '../project-json';
import { body, errors, json, PaginationSchema, ScopeQuery } from '../schemas/common';
import { EnvCreateItem, EnvPatch, EnvSchema } from '../schemas/projects';

const auth = [{ bearer: [] }];
const ProjectParam = z.object({ idOrName: z.string().openapi({ param: { name: 'idOrName', in: 'path' } }) });
const EnvParams = ProjectParam.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const ListQuery = ScopeQuery.extend({
  decrypt: z.enum(['true', 'false']).optional().describe('true shows values to roles that may read them.'),
  target: z.string().optional().describe('Only variables of this target.'),
});

function reveal(c: Context<AppEnv>, scope: Scope, v: EnvVar, decrypt: boolean) {
  return envJson(v, decrypt && can(scope.role, 'env:read') ? engineOf(c).cipher.decrypt(v.valueEncrypted) : undefined);
}

export function envRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v10/projects/{idOrName}/env - the project's variables
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v10/projects/{idOrName}/env',
      tags: ['Environment'],
      security: auth,
      request: { params: ProjectParam, query: ListQuery },
      responses: { 200: json(z.object({ envs: z.array(EnvSchema), pagination: PaginationSchema })), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'project:read');
      const { decrypt, target } = c.req.valid('query');
      const project = await getProject(c.var.options.db, scope.teamId, c.req.valid('param').idOrName);
      const rows = (await listEnvVars(c.var.options.db, project.id)).filter(
        (v) => !target || (v.targets as string[]).includes(target),
      );
      const envs = rows.map((v) => reveal(c, scope, v, decrypt === 'true'));
      return c.json({ envs, pagination: { count: envs.length, next: null, prev: null } }, 200);
    },
  );

  // POST /v10/projects/{idOrName}/env - create one variable or several (201)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v10/projects/{idOrName}/env',
      tags: ['Environment'],
      security: auth,
      request: { params: ProjectParam, query: ScopeQuery, ...body(z.union([EnvCreateItem, z.array(EnvCreateItem)])) },
      responses: {
        201: json(z.object({ created: z.union([EnvSchema, z.array(EnvSchema)]), failed: z.array(z.any()) })),
        ...errors,
      },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'env:write');
      const input = c.req.valid('json');
      const project = await getProject(c.var.options.db, scope.teamId, c.req.valid('param').idOrName);
      const rows = await createEnvVars(c.var.options.db, engineOf(c).cipher, {
        projectId: project.id,
        userId: c.var.user.id,
        items: Array.isArray(input) ? input : [input],
      });
      const created = rows.map((v) => envJson(v));
      return c.json({ created: Array.isArray(input) ? created : created[0]!, failed: [] }, 201);
    },
  );

  // PATCH /v9/projects/{idOrName}/env/{id} - change key, value, targets or comment
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v9/projects/{idOrName}/env/{id}',
      tags: ['Environment'],
      security: auth,
      request: { params: EnvParams, query: ScopeQuery, ...body(EnvPatch) },
      responses: { 200: json(EnvSchema), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'env:write');
      const { idOrName, id } = c.req.valid('param');
      const project = await getProject(c.var.options.db, scope.teamId, idOrName);
      return c.json(
        envJson(await updateEnvVar(c.var.options.db, engineOf(c).cipher, project.id, id, c.req.valid('json'))),
        200,
      );
    },
  );

  // DELETE /v9/projects/{idOrName}/env/{id} - remove a variable
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v9/projects/{idOrName}/env/{id}',
      tags: ['Environment'],
      security: auth,
      request: { params: EnvParams, query: ScopeQuery },
      responses: { 200: json(EnvSchema), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'env:write');
      const { idOrName, id } = c.req.valid('param');
      const project = await getProject(c.var.options.db, scope.teamId, idOrName);
      return c.json(envJson(await deleteEnvVar(c.var.options.db, project.id, id)), 200);
    },
  );

  return app;
}
