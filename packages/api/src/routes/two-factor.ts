// The caller's two-factor authentication (services/two-factor.ts): parse, call, reply.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json } from '../schemas/common';
import {
  RecoveryCodes,
  TwoFactorCode,
  TwoFactorDisabled,
  TwoFactorEnabled,
  TwoFactorProof,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../schemas/two-factor';
import * as twoFactor from '../services/two-factor';

const security = [{ bearer: [] }];
const tags = ['Two-factor authentication'];

export function twoFactorRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/user/two-factor - whether it is on, and how many recovery codes are left
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/two-factor',
      tags,
      summary: 'Get two-factor status',
      security,
      responses: { 200: json(TwoFactorStatus), ...errors },
    }),
    async (c) => c.json(await twoFactor.status(c.var.ctx), 200),
  );

  // POST /v1/user/two-factor/setup - a new secret and its QR code, waiting for a first code
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/user/two-factor/setup',
      tags,
      summary: 'Start two-factor setup',
      security,
      responses: { 200: json(TwoFactorSetup), ...errors },
    }),
    async (c) => c.json(await twoFactor.setup(c.var.ctx), 200),
  );

  // POST /v1/user/two-factor/enable - confirm the secret with a code; answers the recovery codes once
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/user/two-factor/enable',
      tags,
      summary: 'Turn two-factor on',
      description: 'Ends every other session of the account.',
      security,
      request: body(TwoFactorCode),
      responses: { 200: json(TwoFactorEnabled), ...errors },
    }),
    async (c) => c.json(await twoFactor.enable(c.var.ctx, c.req.valid('json')), 200),
  );

  // POST /v1/user/two-factor/recovery-codes - new recovery codes (password or a code); the old ones stop working
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/user/two-factor/recovery-codes',
      tags,
      summary: 'Regenerate recovery codes',
      security,
      request: body(TwoFactorProof),
      responses: { 200: json(RecoveryCodes), ...errors },
    }),
    async (c) => c.json(await twoFactor.regenerate(c.var.ctx, c.req.valid('json')), 200),
  );

  // POST /v1/user/two-factor/disable - turn it off (password or a code)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/user/two-factor/disable',
      tags,
      summary: 'Turn two-factor off',
      security,
      request: body(TwoFactorProof),
      responses: { 200: json(TwoFactorDisabled), ...errors },
    }),
    async (c) => c.json(await twoFactor.disable(c.var.ctx, c.req.valid('json')), 200),
  );

  return app;
}
