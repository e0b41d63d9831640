// Project transfer between the caller's accounts (spec 7): one project or many, all or nothing.
// The caller must be allowed to transfer in the source and to create projects in the destination.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { transferProjects } from '@nimbus/db';
import type { AppEnv } from '../context';
import { projectJson } from '../project-json';
import { body, errors, json, ScopeQuery } from '../schemas/common';
import { requirePermission, resolveScope, teamScope } from '../scope';

const auth = [{ bearer: [] }];
const Reply = z
  .object({ projects: z.array(z.object({ id: z.string(), name: z.string() }).passthrough()) })
  .openapi('TransferReply');
const Bulk = z
  .object({ projectIds: z.array(z.string()).min(1).describe('Projects of the source account to move.') })
  .openapi('BulkTransfer');
const TeamParam = z.object({ teamId: z.string().openapi({ param: { name: 'teamId', in: 'path' } }) });

export function transferRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  async function transfer(
    c: Parameters<Parameters<typeof app.openapi>[1]>[0],
    projectIds: string[],
    destination: string,
  ) {
    const source = await resolveScope(c);
    requirePermission(source, 'project:transfer');
    const target = await teamScope(c, destination, 'project:create');
    const moved = await transferProjects(c.var.options.db, {
      fromTeamId: source.teamId,
      toTeamId: target.teamId,
      projectIds,
    });
    return c.json({ projects: moved.map((p) => projectJson(p)) }, 200);
  }

  // POST /v1/projects/{id}/transfer/{teamId} - move one project (source scope: ?teamId=)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/projects/{id}/transfer/{teamId}',
      tags: ['Projects'],
      security: auth,
      request: {
        query: ScopeQuery,
        params: TeamParam.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }),
      },
      responses: { 200: json(Reply), ...errors },
    }),
    async (c) => transfer(c, [c.req.valid('param').id], c.req.valid('param').teamId),
  );

  // POST /v1/projects/transfer/bulk/{teamId} - move many projects at once, all or nothing
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/projects/transfer/bulk/{teamId}',
      tags: ['Projects'],
      security: auth,
      request: { query: ScopeQuery, params: TeamParam, ...body(Bulk) },
      responses: { 200: json(Reply), ...errors },
    }),
    async (c) => transfer(c, c.req.valid('json').projectIds, c.req.valid('param').teamId),
  );

  return app;
}
