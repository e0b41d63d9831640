// The dashboard's side of Nimbus Authentication (services/protection.ts): a protected deployment
// sends a visitor here, and this answers with where to go next (log in, or back with a token). Public:
// a logged-out visitor must be sent to log in, not refused.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { optionalCaller } from '../auth';
import type { AppEnv } from '../context';
import { errors } from '../schemas/common';
import { DeploymentAuthQuery } from '../schemas/protection';
import { deploymentAuth } from '../services/protection';

export function deploymentAuthRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /deployment-auth?url= - log in, then return to a protected deployment with a signed hand-off
  app.openapi(
    createRoute({
      method: 'get',
      path: '/deployment-auth',
      tags: ['Deployment protection'],
      summary: 'Open a protected deployment',
      description:
        "Redirects to the login page (logged out), or back to the deployment's `/_nimbus/auth` with a one-minute token (a member of its team).",
      request: { query: DeploymentAuthQuery },
      responses: { 302: { description: 'Where to go next' }, ...errors },
    }),
    async (c) => {
      const location = await deploymentAuth(c.var.options, await optionalCaller(c), c.req.valid('query').url);
      c.header('cache-control', 'no-store');
      return c.redirect(location, 302);
    },
  );

  return app;
}
