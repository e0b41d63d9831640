// Connected repositories (services/git-providers.ts): the project's connection, and the providers'
// webhooks (public: the signature over the raw body is the credential, so the body is read as bytes).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errors, json, pathParam, ScopeQuery } from '../schemas/common';
import { ProjectParam } from '../schemas/projects';
import * as providers from '../services/git-providers';

const security = [{ bearer: [] }];
const tags = ['Git'];

const Connection = z
  .object({
    provider: z.string(),
    repository: z.string(),
    apiUrl: z.string(),
    cloneUrl: z.string(),
    hasToken: z.boolean().describe('Whether an access token is stored (it is never returned).'),
    webhookUrl: z.string().describe("Paste into the provider's webhook settings."),
    webhookSecret: z.string().optional().describe('Only in the reply that made it.'),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi('GitRepositoryConnection');

const ConnectionInput = z
  .object({
    provider: z.enum(providers.GIT_PROVIDERS),
    repository: z.string().min(1).max(300).describe('owner/name, or a GitLab project path.'),
    apiUrl: z.string().max(500).optional().describe('Required for Gitea/Forgejo (https://host/api/v1).'),
    cloneUrl: z.string().max(500).optional(),
    token: z.string().max(1000).nullable().optional(),
    rotateSecret: z.boolean().optional(),
  })
  .openapi('GitRepositoryConnectionInput');

export function gitProviderRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/projects/{idOrName}/git-repository',
      tags,
      summary: "A project's connected repository",
      security,
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 200: json(Connection), ...errors },
    }),
    async (c) => c.json(await providers.getConnection(c.var.ctx, c.req.valid('param').idOrName), 200),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/v1/projects/{idOrName}/git-repository',
      tags,
      summary: 'Connect a GitHub, GitLab, Bitbucket or Gitea/Forgejo repository',
      security,
      request: {
        params: ProjectParam,
        query: ScopeQuery,
        body: { content: { 'application/json': { schema: ConnectionInput } } },
      },
      responses: { 200: json(Connection), ...errors },
    }),
    async (c) =>
      c.json(await providers.putConnection(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('json')), 200),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/projects/{idOrName}/git-repository',
      tags,
      summary: 'Disconnect the connected repository',
      security,
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 200: json(z.object({})), ...errors },
    }),
    async (c) => c.json(await providers.deleteConnection(c.var.ctx, c.req.valid('param').idOrName), 200),
  );
  return app;
}

const WebhookReply = z
  .object({
    deployment: z.object({ id: z.string(), url: z.string() }).optional(),
    ignored: z.boolean().optional(),
    reason: z.string().optional(),
  })
  .openapi('GitWebhookReply');

/** `POST /v1/git/webhooks/{provider}/{projectId}`: mounted before `authenticate` (app.ts). */
export function gitWebhookRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/git/webhooks/{provider}/{projectId}',
      tags,
      summary: "Receive a provider's push or pull-request event (signed with the webhook secret)",
      request: { params: z.object({ provider: pathParam('provider'), projectId: pathParam('projectId') }) },
      responses: { 200: json(WebhookReply), 201: json(WebhookReply), ...errors },
    }),
    async (c) => {
      const { provider, projectId } = c.req.valid('param');
      const body = new Uint8Array(await c.req.arrayBuffer());
      const res = await providers.receiveWebhook(c.var.options, {
        provider,
        projectId,
        header: (name) => c.req.header(name),
        body,
      });
      return res.status === 201 ? c.json(res.body, 201) : c.json(res.body, 200);
    },
  );
  return app;
}
