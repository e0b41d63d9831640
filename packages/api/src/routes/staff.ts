// The staff console's API (services/staff.ts): users, teams, deployments, search analytics and the
// event stream's topics across every team, for members of the staff team only.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, pathParam } from '../schemas/common';
import {
  LogLine,
  SearchQueryTotal,
  StaffDeploymentQuery,
  StaffDeploymentRow,
  StaffFreeze,
  StaffListQuery,
  StaffPagination,
  StaffPlanChange,
  StaffTeamDetail,
  StaffTeamRow,
  StaffUserDetail,
  StaffUserRow,
} from '../schemas/staff';
import * as staff from '../services/staff';

const auth = [{ bearer: [] }];
const tags = ['Staff'];
const PageQuery = StaffListQuery.omit({ q: true });

export function staffRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/admin/users - every user, found by e-mail, username or id (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/users',
      tags,
      summary: 'List users (staff)',
      security: auth,
      request: { query: StaffListQuery },
      responses: {
        200: json(z.object({ users: z.array(StaffUserRow), pagination: StaffPagination })),
        ...errors,
      },
    }),
    async (c) => c.json(await staff.users(c.var.ctx, c.req.valid('query')), 200),
  );

  // GET /v1/admin/users/{id} - one user with teams, projects, deployments and audit events (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/users/{id}',
      tags,
      summary: 'Get a user (staff)',
      security: auth,
      request: { params: z.object({ id: pathParam('id') }) },
      responses: { 200: json(StaffUserDetail), ...errors },
    }),
    async (c) => c.json(await staff.user(c.var.ctx, c.req.valid('param').id), 200),
  );

  // GET /v1/admin/teams - every team, found by slug, name or id (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/teams',
      tags,
      summary: 'List teams (staff)',
      security: auth,
      request: { query: StaffListQuery },
      responses: {
        200: json(z.object({ teams: z.array(StaffTeamRow), pagination: StaffPagination })),
        ...errors,
      },
    }),
    async (c) => c.json(await staff.teams(c.var.ctx, c.req.valid('query')), 200),
  );

  // GET /v1/admin/teams/{team} - one team by id or slug with members and projects (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/teams/{team}',
      tags,
      summary: 'Get a team (staff)',
      security: auth,
      request: { params: z.object({ team: pathParam('team') }) },
      responses: { 200: json(StaffTeamDetail), ...errors },
    }),
    async (c) => c.json(await staff.team(c.var.ctx, c.req.valid('param').team), 200),
  );

  // POST /v1/admin/teams/{team}/plan - move a team to another plan, audited in its log (staff only)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/admin/teams/{team}/plan',
      tags,
      summary: 'Change a team plan (staff)',
      security: auth,
      request: { params: z.object({ team: pathParam('team') }), ...body(StaffPlanChange) },
      responses: {
        200: json(StaffTeamDetail),
        409: { description: 'The team is already on that plan', content: errors[400].content },
        ...errors,
      },
    }),
    async (c) =>
      c.json(await staff.changeTeamPlan(c.var.ctx, c.req.valid('param').team, c.req.valid('json').plan), 200),
  );

  // POST /v1/admin/teams/{team}/freeze - freeze or unfreeze an account (staff only)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/admin/teams/{team}/freeze',
      tags,
      summary: 'Freeze or unfreeze an account (staff)',
      security: auth,
      request: { params: z.object({ team: pathParam('team') }), ...body(StaffFreeze) },
      responses: { 200: json(StaffTeamDetail), ...errors },
    }),
    async (c) => c.json(await staff.freezeTeam(c.var.ctx, c.req.valid('param').team, c.req.valid('json').frozen), 200),
  );

  // GET /v1/admin/deployments - deployments of every team by id or URL and state (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/deployments',
      tags,
      summary: 'List deployments (staff)',
      security: auth,
      request: { query: StaffDeploymentQuery },
      responses: {
        200: json(z.object({ deployments: z.array(StaffDeploymentRow), pagination: StaffPagination })),
        ...errors,
      },
    }),
    async (c) => c.json(await staff.deployments(c.var.ctx, c.req.valid('query')), 200),
  );

  // GET /v1/admin/deployments/{id} - one deployment of any team with its build log (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/deployments/{id}',
      tags,
      summary: 'Get a deployment and its build log (staff)',
      security: auth,
      request: { params: z.object({ id: pathParam('id') }) },
      responses: {
        200: json(z.object({ deployment: StaffDeploymentRow, logs: z.array(LogLine) })),
        ...errors,
      },
    }),
    async (c) => c.json(await staff.deployment(c.var.ctx, c.req.valid('param').id), 200),
  );

  // GET /v1/admin/search-queries - the docs search's busiest queries with clicks and conversions (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/search-queries',
      tags,
      summary: 'Top search queries (staff)',
      security: auth,
      request: { query: PageQuery },
      responses: {
        200: json(z.object({ queries: z.array(SearchQueryTotal), pagination: StaffPagination })),
        ...errors,
      },
    }),
    async (c) => c.json(await staff.searchQueries(c.var.ctx, c.req.valid('query')), 200),
  );

  // GET /v1/admin/stream-topics - the internal event stream's topics, busiest first (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/stream-topics',
      tags,
      summary: 'List event stream topics (staff)',
      security: auth,
      responses: {
        200: json(z.object({ topics: z.array(z.object({ topic: z.string(), events: z.number() })) })),
        ...errors,
      },
    }),
    async (c) => c.json(await staff.streamTopics(c.var.ctx), 200),
  );

  return app;
}
