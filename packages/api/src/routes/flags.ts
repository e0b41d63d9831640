// Feature flags (services/flags.ts) and client error reports (services/client-errors.ts). Two
// routes are public and read their body as text, like the event stream: the exposure batch
// `POST /stream/internal/statsig` and `POST /v1/client-errors` (sendBeacon sends text/plain, and
// errors happen on logged-out pages too). The flags call and the staff routes need a caller.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { checkOrigin, optionalCaller } from '../auth';
import type { AppEnv } from '../context';
import { body, errors, json } from '../schemas/common';
import {
  ClientErrorReport,
  EvaluatedFlags,
  FlagCreate,
  FlagSchema,
  FlagsQuery,
  FlagUpdate,
  flagKey,
  StatsigBody,
  StoredClientError,
} from '../schemas/flags';
import * as clientErrors from '../services/client-errors';
import * as flags from '../services/flags';
import { clientIp } from './session';

const tags = ['Feature flags'];
const auth = [{ bearer: [] }];

export function flagStreamRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openAPIRegistry.register('StatsigBatch', StatsigBody);
  app.openAPIRegistry.register('ClientErrorReport', ClientErrorReport);
  const text = (ref: string) => {
    const schema = { schema: { $ref: `#/components/schemas/${ref}` } };
    return { body: { content: { 'application/json': schema, 'text/plain': schema }, required: true } };
  };

  // POST /stream/internal/statsig - record a batch of flag exposures and events
  app.openapi(
    createRoute({
      method: 'post',
      path: '/stream/internal/statsig',
      tags,
      summary: 'Record flag exposures and events',
      description: 'Body `{events, exposures, user, v: 2}` as JSON or text/plain, at most 64 KB and 100 of each.',
      request: text('StatsigBatch'),
      responses: { 200: json(z.object({ exposures: z.number(), events: z.number() })), ...errors },
    }),
    async (c) => {
      checkOrigin(c);
      const caller = await optionalCaller(c);
      return c.json(await flags.recordBatch(c.var.options, await c.req.text(), clientIp(c), caller), 200);
    },
  );

  // POST /v1/client-errors - report an error seen in the browser
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/client-errors',
      tags,
      summary: 'Report a client error',
      description: 'At most 16 KB, 30 reports a minute per address. No user is recorded.',
      request: text('ClientErrorReport'),
      responses: { 200: json(z.object({ id: z.string() })), ...errors },
    }),
    async (c) => {
      checkOrigin(c);
      return c.json(await clientErrors.report(c.var.options, await c.req.text(), clientIp(c)), 200);
    },
  );

  return app;
}

export function flagRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const keyParam = z.object({ key: flagKey().openapi({ param: { name: 'key', in: 'path' } }) });

  // GET /v1/flags - every flag's value for the current team (the dashboard's flags call)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/flags',
      tags,
      summary: 'Evaluate feature flags',
      security: auth,
      request: { query: FlagsQuery },
      responses: { 200: json(EvaluatedFlags), ...errors },
    }),
    async (c) => c.json(await flags.evaluate(c.var.ctx), 200),
  );

  // GET /v1/admin/flags - every flag with its exposure counts (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/flags',
      tags,
      summary: 'List feature flags',
      security: auth,
      responses: { 200: json(z.object({ flags: z.array(FlagSchema) })), ...errors },
    }),
    async (c) => c.json(await flags.list(c.var.ctx), 200),
  );

  // POST /v1/admin/flags - define a flag (staff only)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/admin/flags',
      tags,
      summary: 'Create a feature flag',
      security: auth,
      request: body(FlagCreate),
      responses: { 200: json(FlagSchema), ...errors },
    }),
    async (c) => c.json(await flags.create(c.var.ctx, c.req.valid('json')), 200),
  );

  // PATCH /v1/admin/flags/{key} - change a flag's switch, rollout or overrides (staff only)
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/admin/flags/{key}',
      tags,
      summary: 'Update a feature flag',
      security: auth,
      request: { params: keyParam, ...body(FlagUpdate) },
      responses: { 200: json(FlagSchema), ...errors },
    }),
    async (c) => c.json(await flags.update(c.var.ctx, c.req.valid('param').key, c.req.valid('json')), 200),
  );

  // DELETE /v1/admin/flags/{key} - delete a flag (staff only)
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/admin/flags/{key}',
      tags,
      summary: 'Delete a feature flag',
      security: auth,
      request: { params: keyParam },
      responses: { 200: json(z.object({})), ...errors },
    }),
    async (c) => c.json(await flags.remove(c.var.ctx, c.req.valid('param').key), 200),
  );

  // GET /v1/admin/client-errors - reported client errors, newest first (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/client-errors',
      tags,
      summary: 'List client errors',
      security: auth,
      request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
      responses: { 200: json(z.object({ errors: z.array(StoredClientError) })), ...errors },
    }),
    async (c) => c.json(await clientErrors.list(c.var.ctx, c.req.valid('query').limit), 200),
  );

  return app;
}
