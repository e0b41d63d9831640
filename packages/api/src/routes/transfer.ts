// Project transfer between the caller's accounts (services/transfer.ts): parse, call, reply. The
// source is the team in scope (?teamId=), the destination is in the path.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, pathParam, ScopeQuery } from '../schemas/common';
import { ProjectSchema } from '../schemas/projects';
import { transfer } from '../services/transfer';

const auth = [{ bearer: [] }];
const tags = ['Projects'];
const Reply = z.object({ projects: z.array(ProjectSchema) }).openapi('TransferReply');
const Bulk = z
  .object({ projectIds: z.array(z.string()).min(1).describe('Projects of the source account to move.') })
  .openapi('BulkTransfer');
const TeamParam = z.object({ teamId: pathParam('teamId').describe('The destination team, by id or slug.') });

export function transferRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/projects/{id}/transfer/{teamId} - move one project
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/projects/{id}/transfer/{teamId}',
      tags,
      summary: 'Transfer a project',
      security: auth,
      request: { query: ScopeQuery, params: TeamParam.extend({ id: pathParam('id') }) },
      responses: { 200: json(Reply), ...errors },
    }),
    async (c) => {
      const { id, teamId } = c.req.valid('param');
      return c.json(await transfer(c.var.ctx, [id], teamId), 200);
    },
  );

  // POST /v1/projects/transfer/bulk/{teamId} - move many projects at once, all or nothing
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/projects/transfer/bulk/{teamId}',
      tags,
      summary: 'Transfer projects in bulk',
      security: auth,
      request: { query: ScopeQuery, params: TeamParam, ...body(Bulk) },
      responses: { 200: json(Reply), ...errors },
    }),
    async (c) => c.json(await transfer(c.var.ctx, c.req.valid('json').projectIds, c.req.valid('param').teamId), 200),
  );

  return app;
}
