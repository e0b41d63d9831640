// Device authorization for `nimbus login` (RFC 8628). The CLI's two calls are public: it has no token
// yet. Looking up, approving and denying a user code need a signed-in person (the dashboard).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  createDeviceCode,
  type DeviceCode,
  DomainError,
  decideDeviceCode,
  getPendingDeviceCode,
  hitRateLimit,
  pollDeviceCode,
} from '@nimbus/db';
import type { AppEnv } from '../context';
import { errorBody } from '../errors';
import { body, errors, json } from '../schemas/common';
import { clientIp } from './session';

const CODES_PER_IP_PER_HOUR = 60;

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
    status: z.string(),
    createdAt: z.number(),
    expiresAt: z.number(),
  })
  .openapi('DeviceAuthorization');
const ApproveBody = z
  .object({ teamId: z.string().optional().describe('Team id or slug the CLI starts with.') })
  .openapi('DeviceApproval');
const UserCodeParam = z.object({ userCode: z.string().openapi({ param: { name: 'userCode', in: 'path' } }) });

const POLL_MESSAGES = {
  authorization_pending: 'Waiting for the code to be approved in the dashboard.',
  slow_down: 'Polling too fast; wait the returned interval between requests.',
  expired_token: 'The device code has expired or was already used. Run `nimbus login` again.',
  access_denied: 'The login was denied in the dashboard.',
} as const;

/** Approving hands out a full user token, so only the person in the browser may do it, not another token. */
function requireSession(c: { var: AppEnv['Variables'] }): void {
  if (c.var.via !== 'session')
    throw new DomainError(
      'forbidden',
      'Approve a device login in the dashboard while signed in, not with an API token.',
    );
}

const deviceJson = (row: DeviceCode) => ({
  userCode: row.userCode,
  clientName: row.clientName,
  status: row.status,
  createdAt: row.createdAt.getTime(),
  expiresAt: row.expiresAt.getTime(),
});

export function deviceAuthorizationRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/device/code - start a device login: a secret device code for the CLI, a user code for the person
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/code',
      tags: ['Device'],
      request: { body: { content: { 'application/json': { schema: DeviceCodeBody } }, required: false } },
      responses: { 200: json(DeviceCodeReply), ...errors },
    }),
    async (c) => {
      const { db, publicUrl } = c.var.options;
      if (!(await hitRateLimit(db, `device:ip:${clientIp(c)}`, CODES_PER_IP_PER_HOUR, 60 * 60_000))) {
        throw new DomainError('rate_limited', 'Too many login attempts from this address. Try again in an hour.');
      }
      const input = c.req.valid('json') ?? {};
      const { deviceCode, row } = await createDeviceCode(db, { clientName: input.client_name ?? '' });
      const verification = `${publicUrl}/device`;
      return c.json(
        {
          device_code: deviceCode,
          user_code: row.userCode,
          verification_uri: verification,
          verification_uri_complete: `${verification}?code=${encodeURIComponent(row.userCode)}`,
          expires_in: Math.round((row.expiresAt.getTime() - Date.now()) / 1000),
          interval: row.interval,
        },
        200,
      );
    },
  );

  // POST /v1/device/token - poll: 400 with authorization_pending / slow_down / expired_token / access_denied, or the token
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/token',
      tags: ['Device'],
      request: body(DeviceTokenBody),
      responses: { 200: json(DeviceTokenReply), ...errors, 400: json(PollError, 'Not (yet) approved') },
    }),
    async (c) => {
      const result = await pollDeviceCode(c.var.options.db, c.req.valid('json').device_code);
      if (result.status !== 'approved') return c.json(errorBody(result.status, POLL_MESSAGES[result.status]), 400);
      return c.json({ token: result.bearerToken, team_id: result.teamId }, 200);
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
      tags: ['Device'],
      security: auth,
      request: { params: UserCodeParam },
      responses: { 200: json(PendingDevice), ...errors },
    }),
    async (c) => c.json(deviceJson(await getPendingDeviceCode(c.var.options.db, c.req.valid('param').userCode)), 200),
  );

  // POST /v1/device/{userCode}/approve - give the waiting CLI a token for the caller
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/{userCode}/approve',
      tags: ['Device'],
      security: auth,
      request: {
        params: UserCodeParam,
        body: { content: { 'application/json': { schema: ApproveBody } }, required: false },
      },
      responses: { 200: json(PendingDevice), ...errors },
    }),
    async (c) => {
      requireSession(c);
      const input = c.req.valid('json') ?? {};
      const row = await decideDeviceCode(c.var.options.db, {
        userCode: c.req.valid('param').userCode,
        userId: c.var.user.id,
        approve: true,
        team: input.teamId,
      });
      return c.json(deviceJson(row), 200);
    },
  );

  // POST /v1/device/{userCode}/deny - refuse the login; the CLI stops waiting
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/device/{userCode}/deny',
      tags: ['Device'],
      security: auth,
      request: { params: UserCodeParam },
      responses: { 200: json(PendingDevice), ...errors },
    }),
    async (c) => {
      requireSession(c);
      const row = await decideDeviceCode(c.var.options.db, {
        userCode: c.req.valid('param').userCode,
        userId: c.var.user.id,
        approve: false,
      });
      return c.json(deviceJson(row), 200);
    },
  );

  return app;
}
