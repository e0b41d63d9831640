// GET /health: the load balancer's probe, public. It also says whether builds are isolated, so an
// operator who turned the sandbox off (NIMBUS_BUILD_SANDBOX=off) sees it wherever health is watched.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { json } from '../schemas/common';
import * as health from '../services/health';

const Health = z
  .object({
    status: z.literal('ok'),
    sandbox: z
      .object({
        mode: z.enum(['on', 'off']).describe('NIMBUS_BUILD_SANDBOX, as every process is configured.'),
        isolated: z.boolean().describe('false: builds run without isolation (mode off), or are refused here.'),
        refused: z.boolean().optional().describe('Reported by processes that tested the sandbox: builds are refused.'),
        reason: z.string().optional(),
      })
      .describe('Whether builds run isolated.'),
  })
  .openapi('Health');

export function healthRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /health - the server is up; and whether builds run isolated
  app.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['Health'],
      summary: 'Check the server',
      responses: { 200: json(Health) },
    }),
    (c) => c.json(health.check(c.var.options), 200),
  );

  return app;
}
