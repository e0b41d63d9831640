// Staff reads behind /admin/traces and /admin/risk (services/traces.ts, services/risk.ts), the
// diagnostic route that fails on purpose, and the fraud-detection script's public routes.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { getCookie, setCookie } from 'hono/cookie';
import { clientOf } from '../client-ip';
import type { AppEnv } from '../context';
import { RISK_SCRIPT } from '../risk-script';
import { body, errors, json } from '../schemas/common';
import * as risk from '../services/risk';
import * as traces from '../services/traces';

const auth = [{ bearer: [] }];
const tags = ['Staff'];

const Span = z
  .object({
    spanId: z.string(),
    parentSpanId: z.string().nullable(),
    name: z.string(),
    kind: z.string(),
    startedAt: z.number(),
    offsetUs: z.number(),
    durationUs: z.number(),
    status: z.string(),
    attributes: z.record(z.string(), z.unknown()),
  })
  .openapi('TraceSpan');
const ServerError = z
  .object({
    id: z.string(),
    createdAt: z.number(),
    source: z.string(),
    message: z.string(),
    stack: z.string(),
    requestId: z.string().nullable(),
    traceId: z.string().nullable(),
    method: z.string().nullable(),
    path: z.string().nullable(),
  })
  .openapi('ServerError');
const TraceSummary = z
  .object({
    traceId: z.string(),
    name: z.string(),
    kind: z.string(),
    startedAt: z.number(),
    durationUs: z.number(),
    status: z.string(),
    spans: z.number(),
    error: z.string().nullable(),
  })
  .openapi('TraceSummary');
const RiskSession = z
  .object({
    id: z.string(),
    score: z.number(),
    reasons: z.array(z.string()),
    outcome: z.string().nullable(),
    userId: z.string().nullable(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    ip: z.string().nullable(),
    updatedAt: z.number(),
  })
  .openapi('RiskSession');

export function traceRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/admin/traces - recent kept traces, errors first, and recent server errors (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/traces',
      tags,
      summary: 'List recent traces and server errors',
      security: auth,
      responses: { 200: json(z.object({ traces: z.array(TraceSummary), errors: z.array(ServerError) })), ...errors },
    }),
    async (c) => c.json(await traces.list(c.var.ctx), 200),
  );

  // GET /v1/admin/traces/{traceId} - one trace's spans and server errors (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/traces/{traceId}',
      tags,
      summary: 'Get a trace',
      security: auth,
      request: { params: z.object({ traceId: z.string().min(1).max(64).describe('32 hexadecimal characters.') }) },
      responses: {
        200: json(z.object({ traceId: z.string(), spans: z.array(Span), errors: z.array(ServerError) })),
        ...errors,
      },
    }),
    async (c) => c.json(await traces.get(c.var.ctx, c.req.valid('param').traceId), 200),
  );

  // GET /v1/admin/diagnostics/error - fails with a 500 on purpose (staff only), to check error recording
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/diagnostics/error',
      tags,
      summary: 'Fail on purpose',
      description:
        'A diagnostic for staff: always answers 500 through the ordinary unexpected-error path, so the server error and its trace appear on /admin/traces.',
      security: auth,
      responses: {
        200: json(z.object({ never: z.boolean() }), 'Never: the route always fails'),
        500: json(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), 'Always'),
        ...errors,
      },
    }),
    async (c) => {
      await traces.diagnosticError(c.var.ctx);
      return c.json({ never: true }, 200);
    },
  );

  // GET /v1/admin/risk - fraud-detection sessions by score (staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/admin/risk',
      tags,
      summary: 'List risk scores',
      security: auth,
      responses: { 200: json(z.object({ sessions: z.array(RiskSession) })), ...errors },
    }),
    async (c) => c.json(await risk.list(c.var.ctx), 200),
  );

  return app;
}

/** Public: the fraud-detection script with its session cookie, and the signals it posts. */
export function riskRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/risk/script.js - the first-party fraud-detection script; sets its session cookie
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/risk/script.js',
      tags: ['Fraud detection'],
      summary: 'Get the fraud-detection script',
      responses: {
        200: { description: 'The script', content: { 'text/javascript': { schema: z.string() } } },
      },
    }),
    (c) => {
      if (!getCookie(c, risk.RISK_COOKIE))
        setCookie(c, risk.RISK_COOKIE, risk.newRiskSessionId(), {
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
          secure: new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https',
        });
      return c.body(RISK_SCRIPT, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
      });
    },
  );

  // POST /v1/risk/signals - what the script saw; scored and kept for the session's sign-up
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/risk/signals',
      tags: ['Fraud detection'],
      summary: 'Report fraud-detection signals',
      request: body(risk.RiskSignals),
      responses: { 200: json(z.object({ ok: z.boolean() })), ...errors },
    }),
    async (c) => {
      const client = clientOf(c);
      await risk.report(c.var.options, getCookie(c, risk.RISK_COOKIE), c.req.valid('json'), {
        ip: client.ip,
        userAgent: c.req.header('user-agent'),
        acceptLanguage: c.req.header('accept-language'),
      });
      return c.json({ ok: true }, 200);
    },
  );

  return app;
}
