// Outgoing webhooks, log drains, the Integrations overview and notification settings
// (services/integrations.ts, services/notifications.ts): parse, call, reply. Paths and shapes are
// Vercel's where @vercel/sdk has them (`webhooks.*`, `logDrains.*`).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, key, pathParam, ScopeQuery } from '../schemas/common';
import { integrations, notifications } from '../services';

const security = [{ bearer: [] }];
const tags = ['Integrations'];

const url = z.string().min(1).max(2048);
const Webhook = z
  .object({
    id: z.string(),
    ownerId: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    projectIds: z.array(z.string()).optional(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi('Webhook');
const WebhookCreated = Webhook.extend({
  secret: z.string().describe('Shown once: the key of the HMAC-SHA1 in x-vercel-signature.'),
}).openapi('WebhookCreated');
const WebhookCreate = z
  .object({
    url,
    events: z.array(key()).min(1).max(50),
    projectIds: z.array(key()).max(50).optional(),
  })
  .openapi('WebhookCreate');
const IdParam = z.object({ id: pathParam('id') });
const DeliveryParam = IdParam.extend({ deliveryId: pathParam('deliveryId') });
const Delivery = z.object({
  id: z.string(),
  eventId: z.string(),
  event: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: z.number(),
  nextAttemptAt: z.number().nullable(),
  attempts: z.array(
    z.object({ at: z.number(), status: z.number().nullable(), response: z.string(), durationMs: z.number() }),
  ),
});

const Source = z.enum(['static', 'lambda', 'build', 'edge', 'external', 'firewall']);
const LogDrain = z
  .object({
    id: z.string(),
    ownerId: z.string(),
    name: z.string(),
    url: z.string(),
    deliveryFormat: z.enum(['json', 'ndjson']),
    sources: z.array(Source),
    environments: z.array(z.enum(['preview', 'production'])),
    projectIds: z.array(z.string()).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    samplingRate: z.number(),
    createdAt: z.number(),
    createdFrom: z.literal('self-served'),
    source: z.object({ kind: z.literal('self-served') }),
    status: z.enum(['enabled', 'disabled']),
    disabledReason: z.string().optional(),
  })
  .openapi('LogDrain');
const LogDrainCreated = LogDrain.extend({ secret: z.string() }).openapi('LogDrainCreated');
const LogDrainCreate = z
  .object({
    name: z.string().min(1).max(100),
    url,
    deliveryFormat: z.enum(['json', 'ndjson']).optional(),
    sources: z.array(Source).max(6).optional(),
    environments: z
      .array(z.enum(['preview', 'production']))
      .max(2)
      .optional(),
    projectIds: z.array(key()).max(50).optional(),
    secret: z.string().min(1).max(256).optional(),
    headers: z.record(z.string().max(256), z.string().max(4096)).optional(),
    samplingRate: z.number().gt(0).max(1).optional(),
  })
  .openapi('LogDrainCreate');

const Preferences = z
  .object({
    kinds: z.array(z.string()),
    email: z.array(z.string()),
    slack: z.array(z.string()),
    slackConfigured: z.boolean(),
  })
  .openapi('NotificationPreferences');
const PreferencesUpdate = z
  .object({
    email: z.array(key()).max(10).optional(),
    slack: z.array(key()).max(10).optional(),
    slackUrl: url.nullable().optional().describe('A Slack-compatible incoming-webhook URL; null or "" removes it.'),
  })
  .openapi('NotificationPreferencesUpdate');

export function integrationRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/webhooks',
      tags,
      summary: 'List webhooks',
      security,
      request: { query: ScopeQuery.extend({ projectId: key().optional() }) },
      responses: { 200: json(z.array(Webhook)), ...errors },
    }),
    async (c) => c.json(await integrations.listWebhooks(c.var.ctx, c.req.valid('query').projectId), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/webhooks',
      tags,
      summary: 'Create a webhook',
      security,
      request: { query: ScopeQuery, ...body(WebhookCreate) },
      responses: { 200: json(WebhookCreated), ...errors },
    }),
    async (c) => c.json(await integrations.createWebhook(c.var.ctx, c.req.valid('json')), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/webhooks/{id}',
      tags,
      summary: 'Get a webhook',
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(Webhook), ...errors },
    }),
    async (c) => c.json(await integrations.getWebhook(c.var.ctx, c.req.valid('param').id), 200),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/webhooks/{id}',
      tags,
      summary: 'Delete a webhook',
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 204: { description: 'Deleted' }, ...errors },
    }),
    async (c) => {
      await integrations.deleteWebhook(c.var.ctx, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/webhooks/{id}/deliveries',
      tags,
      summary: "A webhook's deliveries and their attempts",
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(z.object({ deliveries: z.array(Delivery) })), ...errors },
    }),
    async (c) => c.json(await integrations.listDeliveries(c.var.ctx, c.req.valid('param').id), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      tags,
      summary: 'Send a delivery again',
      security,
      request: { params: DeliveryParam, query: ScopeQuery },
      responses: { 200: json(z.object({ id: z.string(), state: z.string() })), ...errors },
    }),
    async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      return c.json(await integrations.redeliver(c.var.ctx, id, deliveryId), 200);
    },
  );

  // Log drains: @vercel/sdk's integration paths and the configurable `/v1/log-drains` (also /api/v1/log-drains).
  for (const path of ['/v2/integrations/log-drains', '/v1/log-drains']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'List log drains',
        security,
        request: { query: ScopeQuery.extend({ projectId: key().optional() }) },
        responses: { 200: json(z.array(LogDrain)), ...errors },
      }),
      async (c) => c.json(await integrations.listLogDrains(c.var.ctx), 200),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        summary: 'Create a log drain',
        security,
        request: { query: ScopeQuery, ...body(LogDrainCreate) },
        responses: { 200: json(LogDrainCreated), ...errors },
      }),
      async (c) => c.json(await integrations.createLogDrain(c.var.ctx, c.req.valid('json')), 200),
    );
  }
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/log-drains/{id}',
      tags,
      summary: 'Get a log drain',
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(LogDrain), ...errors },
    }),
    async (c) => c.json(await integrations.getLogDrain(c.var.ctx, c.req.valid('param').id), 200),
  );
  for (const path of ['/v1/integrations/log-drains/{id}', '/v1/log-drains/{id}']) {
    app.openapi(
      createRoute({
        method: 'delete',
        path,
        tags,
        summary: 'Delete a log drain',
        security,
        request: { params: IdParam, query: ScopeQuery },
        responses: { 204: { description: 'Deleted' }, ...errors },
      }),
      async (c) => {
        await integrations.deleteLogDrain(c.var.ctx, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/integrations',
      tags,
      summary: "The team's git connections, log drains and webhooks",
      security,
      request: { query: ScopeQuery },
      responses: {
        200: json(
          z
            .object({
              git: z.array(z.object({ provider: z.string(), repository: z.string(), projectId: z.string() })),
              webhooks: z.array(Webhook),
              logDrains: z.array(LogDrain),
              events: z.array(z.string()),
            })
            .openapi('Integrations'),
        ),
        ...errors,
      },
    }),
    async (c) => c.json(await integrations.overview(c.var.ctx), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/notifications',
      tags,
      summary: 'Your notification settings',
      security,
      responses: { 200: json(Preferences), ...errors },
    }),
    async (c) => c.json(await notifications.get(c.var.ctx), 200),
  );
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/user/notifications',
      tags,
      summary: 'Change your notification settings',
      security,
      request: body(PreferencesUpdate),
      responses: { 200: json(Preferences), ...errors },
    }),
    async (c) => c.json(await notifications.update(c.var.ctx, c.req.valid('json')), 200),
  );
  return app;
}
