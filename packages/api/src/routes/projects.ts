// Projects of the team in scope: list, read by id or name, create, change build settings, delete.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  createProject,
  deleteProject,
  getProject,
  latestDeploymentsOf,
  listProjects,
  type Project,
  productionOf,
  updateProject,
} from '@nimbus/db';
import type { Context } from 'hono';
import type { AppEnv, Scope } from '../context';
import { projectDeploymentJson } from '../deployment-json';
import { hostContext, scopeFor } from '../engine-scope';
import { projectJson } from '../project-json';
import { body, errors, json, PaginationSchema, ScopeQuery } from '../schemas/common';
import { ListQuery, ProjectCreate, ProjectParam, ProjectPatch, ProjectSchema } from '../schemas/projects';

const auth = [{ bearer: [] }];
const ProjectList = z.object({ projects: z.array(ProjectSchema), pagination: PaginationSchema }).openapi('ProjectList');

/** Projects with their newest deployment and the one serving production: two queries for any page. */
async function withDeployments(c: Context<AppEnv>, scope: Scope, projects: Project[]) {
  const ids = projects.map((p) => p.id);
  const [latest, production] = await Promise.all([
    latestDeploymentsOf(c.var.options.db, ids),
    productionOf(c.var.options.db, ids),
  ]);
  const ctx = hostContext(c, scope);
  const latestBy = new Map(latest.map((d) => [d.projectId, d]));
  const productionBy = new Map(production.map((p) => [p.projectId, p]));
  return projects.map((project) => {
    const newest = latestBy.get(project.id);
    const prod = productionBy.get(project.id);
    const hostsOf = (id: string) => (prod?.deployment.id === id ? [prod.host] : []);
    return projectJson(project, {
      latest: newest && projectDeploymentJson(newest, ctx, hostsOf(newest.id)),
      production: prod && projectDeploymentJson(prod.deployment, ctx, [prod.host]),
    });
  });
}

export function projectRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v10/projects (also v9, v4) - projects of the team, newest first, with latest and production deployments
  for (const path of ['/v10/projects', '/v9/projects', '/v4/projects']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Projects'],
        security: auth,
        request: { query: ListQuery },
        responses: { 200: json(ProjectList), ...errors },
      }),
      async (c) => {
        const scope = await scopeFor(c, 'project:read');
        const q = c.req.valid('query');
        const { items, next } = await listProjects(c.var.options.db, scope.teamId, {
          limit: q.limit,
          until: q.until,
          search: q.search,
        });
        return c.json(
          { projects: await withDeployments(c, scope, items), pagination: { count: items.length, next, prev: null } },
          200,
        );
      },
    );
  }

  // GET /v9/projects/{idOrName} - one project
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v9/projects/{idOrName}',
      tags: ['Projects'],
      security: auth,
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 200: json(ProjectSchema), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'project:read');
      const [project] = await withDeployments(c, scope, [
        await getProject(c.var.options.db, scope.teamId, c.req.valid('param').idOrName),
      ]);
      return c.json(project!, 200);
    },
  );

  // POST /v11/projects and /v1/projects - create a project (the CLI uses v1)
  for (const path of ['/v11/projects', '/v10/projects', '/v1/projects']) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags: ['Projects'],
        security: auth,
        request: { query: ScopeQuery, ...body(ProjectCreate) },
        responses: { 200: json(ProjectSchema), ...errors },
      }),
      async (c) => {
        const scope = await scopeFor(c, 'project:create');
        return c.json(projectJson(await createProject(c.var.options.db, scope.teamId, c.req.valid('json'))), 200);
      },
    );
  }

  // PATCH /v9/projects/{idOrName} - rename or change build settings
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v9/projects/{idOrName}',
      tags: ['Projects'],
      security: auth,
      request: { params: ProjectParam, query: ScopeQuery, ...body(ProjectPatch) },
      responses: { 200: json(ProjectSchema), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'project:update');
      return c.json(
        projectJson(
          await updateProject(c.var.options.db, scope.teamId, c.req.valid('param').idOrName, c.req.valid('json')),
        ),
        200,
      );
    },
  );

  // DELETE /v9/projects/{idOrName} - delete the project, its deployments and its hosts (204)
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v9/projects/{idOrName}',
      tags: ['Projects'],
      security: auth,
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 204: { description: 'Deleted' }, ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'project:delete');
      const { hosts } = await deleteProject(c.var.options.db, scope.teamId, c.req.valid('param').idOrName);
      for (const host of hosts) c.var.options.engine?.events.emit('alias', host);
      return c.body(null, 204);
    },
  );

  return app;
}
