// GET /health: the load balancer's probe, public. It also says whether builds are isolated, so an
// operator who turned the sandbox off (NIMBUS_BUILD_SANDBOX=off) sees it wherever health is watched.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { sandboxStatus } from '@nimbus/engine';
import type { AppEnv } from '../context';
import { json } from '../schemas/common';

const Health = z
  .object({
    status: z.literal('ok'),
    sandbox: z
      .object({ isolated: z.boolean(), refused: z.boolean().optional(), reason: z.string().optional() })
      .optional()
      .describe('Present on processes that run builds: whether they are isolated, or refused.'),
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
    (c) => c.json({ status: 'ok' as const, sandbox: sandboxStatus() }, 200),
  );

  return app;
}
