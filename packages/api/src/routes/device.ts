// Device authorization for `nimbus login` (RFC 8628, services/device.ts): parse, call, reply. The
// CLI's two calls are public: it has no token yet. Looking up, approving and denying a user code
// need a signed-in person (the dashboard).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errorBody } from '../errors';
import { body, errors, json, pathParam } from '../schemas/common';
import * as device from '../services/device';
import { clientIp } from './session';

const tags = ['Device'];

const DeviceCodeBody = z
  .object({
    client_name: z.string().max(200).optional().describe('The host name of the machine, shown on the approval page.'),
  })
  .openapi('DeviceCodeRequest');
const DeviceCodeReply = z
  .object({
    device_code: z.string(),
    user_code: z.string(),
    verification_uri: z.string(),
    verification_uri_complete: z.string(),
    expires_in: z.number(),
    interval: z.number(),
  })
  .openapi('DeviceCode');
const DeviceTokenBody = z.object({ device_code: z.string().min(1) }).openapi('DeviceTokenRequest');
const DeviceTokenReply = z
  .object({
    token: z.string(),
    team_id: z.string().nullable().describe('The team chosen on approval, to use as the current team.'),
  })
  .openapi('DeviceToken');
const PollError = z
  .object({
    error: z.object({
      code: z.string().describe('authorization_pending, slow_down, expired_token or access_denied'),
      message: z.string(),
    }),
  })
  .openapi('DeviceTokenError');
const PendingDevice = z
  .object({
    userCode: z.string(),
    clientName: z.string(),
    status: z.enum(['pending', 'approved', 'denied', 'consumed']),
    createdAt: z.number(),
    expiresAt: z.number(),
  })
  .openapi('DeviceAuthorization');
const ApproveBody = z
  .object({ teamId: z.string().optional().describe('Team id or slug the CLI starts with.') })
  .openapi('DeviceApproval');
const UserCodeParam = z.object({ userCode: pathParam('userCode') });

export function deviceAuthorizationRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/device/code - start a device login: a secret device code for the CLI, a user code for the person
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/code',
      tags,
      summary: 'Start a device login',
      request: { body: { content: { 'application/json': { schema: DeviceCodeBody } }, required: false } },
      responses: { 200: json(DeviceCodeReply), ...errors },
    }),
    async (c) => c.json(await device.start(c.var.options, c.req.valid('json')?.client_name, clientIp(c)), 200),
  );

  // POST /v1/device/token - poll: 400 with authorization_pending / slow_down / expired_token / access_denied, or the token
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/token',
      tags,
      summary: 'Poll for the device token',
      request: body(DeviceTokenBody),
      responses: { 200: json(DeviceTokenReply), ...errors, 400: json(PollError, 'Not (yet) approved') },
    }),
    async (c) => {
      const result = await device.poll(c.var.options, c.req.valid('json').device_code);
      if (!result.approved) return c.json(errorBody(result.code, result.message), 400);
      return c.json(result.reply, 200);
    },
  );

  return app;
}

export function deviceApprovalRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const auth = [{ bearer: [] }];

  // GET /v1/device/{userCode} - a pending login, to show before approving
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/device/{userCode}',
      tags,
      summary: 'Get a pending device login',
      security: auth,
      request: { params: UserCodeParam },
      responses: { 200: json(PendingDevice), ...errors },
    }),
    async (c) => c.json(await device.get(c.var.ctx, c.req.valid('param').userCode), 200),
  );

  // POST /v1/device/{userCode}/approve - give the waiting CLI a token for the caller
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/{userCode}/approve',
      tags,
      summary: 'Approve a device login',
      security: auth,
      request: {
        params: UserCodeParam,
        body: { content: { 'application/json': { schema: ApproveBody } }, required: false },
      },
      responses: { 200: json(PendingDevice), ...errors },
    }),
    async (c) =>
      c.json(await device.approve(c.var.ctx, c.req.valid('param').userCode, c.req.valid('json')?.teamId), 200),
  );

  // POST /v1/device/{userCode}/deny - refuse the login; the CLI stops waiting
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/{userCode}/deny',
      tags,
      summary: 'Deny a device login',
      security: auth,
      request: { params: UserCodeParam },
      responses: { 200: json(PendingDevice), ...errors },
    }),
    async (c) => c.json(await device.deny(c.var.ctx, c.req.valid('param').userCode), 200),
  );

  return app;
}
