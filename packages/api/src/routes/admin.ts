// Staff tooling behind the dashboard's internal commands (spec 6, 7): the admin record of a project
// ("Open in Admin") and the deploy-freeze debug toggle. Every route checks staff membership (the
// team with the slug NIMBUS_STAFF_TEAM) itself; staff need not belong to the team they inspect.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { DEBUG_COOKIE_SECONDS, DEPLOY_FREEZE_COOKIE } from '@nimbus/core';
import { DomainError, getProject, isStaff, notFound, teamsByIds } from '@nimbus/db';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { projectJson } from '../project-json';
import { errors, json } from '../schemas/common';

async function requireStaff(c: Context<AppEnv>, what: string): Promise<void> {
  const { db, staffTeam } = c.var.options;
  if (!(await isStaff(db, c.var.user.id, staffTeam))) {
    throw new DomainError('forbidden', `Only Nimbus staff (members of the team "${staffTeam}") can ${what}.`);
  }
}

const AdminProject = z
  .object({ id: z.string(), name: z.string(), team: z.object({ id: z.string(), slug: z.string(), plan: z.string() }) })
  .passthrough()
  .openapi('AdminProject');

export function adminRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/dashboard/projects/{project} - a project of any team by id or name (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/dashboard/projects/{project}',
      tags: ['Staff'],
      security: [{ bearer: [] }],
      request: {
        params: z.object({ project: z.string().openapi({ param: { name: 'project', in: 'path' } }) }),
        query: z.object({ teamId: z.string().min(1).describe('The id of the team that owns the project.') }),
      },
      responses: { 200: json(AdminProject), ...errors },
    }),
    async (c) => {
      await requireStaff(c, 'open projects in admin');
      const { db } = c.var.options;
      const [team] = await teamsByIds(db, [c.req.valid('query').teamId]);
      if (!team) throw notFound('The team');
      const project = await getProject(db, team.id, c.req.valid('param').project);
      return c.json({ ...projectJson(project), team: { id: team.id, slug: team.slug, plan: team.plan } }, 200);
    },
  );

  // GET /force-deploy-freeze-toggle - flips the deploy-freeze debug cookie; the page reloads on 200
  app.get('/force-deploy-freeze-toggle', async (c) => {
    await requireStaff(c, 'toggle the deploy freeze branch');
    const enabled = getCookie(c, DEPLOY_FREEZE_COOKIE) !== '1';
    if (enabled) setCookie(c, DEPLOY_FREEZE_COOKIE, '1', { path: '/', sameSite: 'Lax', maxAge: DEBUG_COOKIE_SECONDS });
    else deleteCookie(c, DEPLOY_FREEZE_COOKIE, { path: '/' });
    return c.json({ enabled }, 200);
  });

  return app;
}
