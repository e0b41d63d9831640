// Password and sessions of the account (services/password.ts, services/sessions.ts): parse, call,
// reply. Reset routes are public (the person is logged out); the others need the session or a token.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { clearSessionCookies } from '../cookies';
import { Ok, PasswordChange, ResetConfirm, ResetRequest, SessionIdParam, SessionSchema } from '../schemas/accounts';
import { body, errors, json } from '../schemas/common';
import * as password from '../services/password';
import * as sessions from '../services/sessions';
import { clientIp, guard } from './session';

const auth = [{ bearer: [] }];
const tags = ['Account'];

export function passwordResetRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /auth/password-reset - mail a reset link; the same reply whether or not the address has an account
  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/password-reset',
      tags,
      summary: 'Ask for a password reset link',
      request: body(ResetRequest),
      responses: { 200: json(z.object({ message: z.string() })), ...errors },
    }),
    async (c) => {
      guard(c);
      return c.json(await password.requestReset(c.var.options, c.req.valid('json').email, clientIp(c)), 200);
    },
  );

  // POST /auth/password-reset/confirm - set a new password with the link's secret; every session ends
  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/password-reset/confirm',
      tags,
      summary: 'Set a new password with a reset link',
      request: body(ResetConfirm),
      responses: { 200: json(Ok), ...errors },
    }),
    async (c) => {
      guard(c);
      const reply = await password.reset(c.var.options, c.req.valid('json'));
      clearSessionCookies(c);
      return c.json(reply, 200);
    },
  );

  return app;
}

export function accountRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/user/password - change the password; every other session ends
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/user/password',
      tags,
      summary: 'Change your password',
      security: auth,
      request: body(PasswordChange),
      responses: { 200: json(Ok), ...errors },
    }),
    async (c) => c.json(await password.change(c.var.ctx, c.req.valid('json')), 200),
  );

  // GET /v1/user/sessions - browser sessions, the calling one marked current
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/sessions',
      tags,
      summary: 'List your sessions',
      security: auth,
      responses: { 200: json(z.object({ sessions: z.array(SessionSchema) })), ...errors },
    }),
    async (c) => c.json(await sessions.list(c.var.ctx), 200),
  );

  // DELETE /v1/user/sessions - log out everywhere else
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/user/sessions',
      tags,
      summary: 'End every other session',
      security: auth,
      responses: { 200: json(z.object({ revoked: z.number() })), ...errors },
    }),
    async (c) => c.json(await sessions.revokeOthers(c.var.ctx), 200),
  );

  // DELETE /v1/user/sessions/{id} - end one session
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/user/sessions/{id}',
      tags,
      summary: 'End a session',
      security: auth,
      request: { params: SessionIdParam },
      responses: { 200: json(z.object({ id: z.string() })), ...errors },
    }),
    async (c) => c.json(await sessions.revoke(c.var.ctx, c.req.valid('param').id), 200),
  );

  return app;
}
