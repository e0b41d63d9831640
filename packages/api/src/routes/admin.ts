// Staff tooling behind the dashboard's internal commands (services/admin.ts): the admin record of
// a project ("Open in Admin"), the deploy-freeze debug toggle (kept in a cookie) and account mail
// waiting in the outbox when no SMTP server is configured.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { DEBUG_COOKIE_SECONDS, DEPLOY_FREEZE_COOKIE } from '@nimbus/core';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { errors, json, pathParam } from '../schemas/common';
import { ProjectSchema } from '../schemas/projects';
import { OutboxMessage } from '../schemas/teams';
import * as admin from '../services/admin';

const auth = [{ bearer: [] }];
const tags = ['Staff'];
const AdminProject = ProjectSchema.extend({
  team: z.object({ id: z.string(), slug: z.string(), plan: z.enum(['hobby', 'pro', 'enterprise']) }),
}).openapi('AdminProject');

export function adminRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/dashboard/projects/{project} - a project of any team by id or name (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/dashboard/projects/{project}',
      tags,
      summary: 'Open a project in admin',
      security: auth,
      request: {
        params: z.object({ project: pathParam('project') }),
        query: z.object({ teamId: z.string().min(1).describe('The id of the team that owns the project.') }),
      },
      responses: { 200: json(AdminProject), ...errors },
    }),
    async (c) => c.json(await admin.project(c.var.ctx, c.req.valid('query').teamId, c.req.valid('param').project), 200),
  );

  // GET /v1/admin/account-mail - reset links and notices not sent for want of SMTP (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/account-mail',
      tags,
      summary: 'List unsent account mail',
      security: auth,
      request: { query: z.object({ to: z.string().optional().describe('Only mail to this address.') }) },
      responses: { 200: json(z.object({ messages: z.array(OutboxMessage) })), ...errors },
    }),
    async (c) => c.json(await admin.accountMail(c.var.ctx, c.req.valid('query').to), 200),
  );

  // GET /force-deploy-freeze-toggle - flips the deploy-freeze debug cookie; the page reloads on 200
  app.openapi(
    createRoute({
      method: 'get',
      path: '/force-deploy-freeze-toggle',
      tags,
      summary: 'Toggle the deploy freeze branch',
      security: auth,
      responses: { 200: json(z.object({ enabled: z.boolean() })), ...errors },
    }),
    async (c) => {
      const reply = await admin.toggleDeployFreeze(c.var.ctx, getCookie(c, DEPLOY_FREEZE_COOKIE) === '1');
      if (reply.enabled)
        setCookie(c, DEPLOY_FREEZE_COOKIE, '1', { path: '/', sameSite: 'Lax', maxAge: DEBUG_COOKIE_SECONDS });
      else deleteCookie(c, DEPLOY_FREEZE_COOKIE, { path: '/' });
      return c.json(reply, 200);
    },
  );

  return app;
}
