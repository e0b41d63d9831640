// How large a request body may be, checked first, before authentication and before any route reads
// or parses it: a body past its limit is refused with 413 `payload_too_large` as soon as its
// Content-Length (or, streamed, its bytes) says so. Routes anyone may call get the smallest limit; a
// deployment request, which lists up to 15,000 files and may carry some inline, the largest JSON one.
// POST /v2/files keeps its own limit, NIMBUS_MAX_FILE_SIZE (routes/files.ts). A body within its size
// is then held to a nesting depth (json-depth.ts), so no route walks a value deep enough to overflow.
import { formatBytes } from '@nimbus/core';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
import { errorBody } from './errors';
import { refuseDeepJson } from './json-depth';

const KB = 1024;
const MB = 1024 * KB;

export const BODY_LIMITS = {
  /** Public routes that take a body (listed below): sign-up, login, password reset, the lead form, events, device login. */
  public: 64 * KB,
  /** Every other route of a signed-in caller. */
  signedIn: 1 * MB,
  /** POST /v13/deployments: the file list, and the small files Vercel's clients send inline. */
  deployment: 32 * MB,
  /** PUT /v1/user/avatar: one image, resized on arrival (services/account-profile.ts). */
  avatar: 4 * MB,
  /** A `git push` to a project's remote (routes/git.ts): its pack. */
  gitPush: 512 * MB,
};

/** Routes mounted before authentication that read a body (app.ts); body-limits.test.ts holds the list to the OpenAPI document. */
const PUBLIC_WRITES = new Set([
  '/v2/registration',
  '/v2/registration/confirm',
  '/auth/login',
  '/auth/login/two-factor',
  '/auth/logout',
  '/auth/password-reset',
  '/auth/password-reset/confirm',
  '/auth/sso/acs',
  '/v1/leads',
  '/stream/internal',
  '/stream/internal/statsig',
  '/v1/client-errors',
  '/v1/risk/signals',
  '/insights/1/events',
  '/v1/device/code',
  '/v1/device/token',
]);

function limitOf(method: string, path: string): number | null {
  if (method === 'GET' || method === 'HEAD' || path === '/v2/files') return null;
  if (PUBLIC_WRITES.has(path)) return BODY_LIMITS.public;
  if (path.startsWith('/git/')) return BODY_LIMITS.gitPush;
  if (method === 'POST' && path === '/v13/deployments') return BODY_LIMITS.deployment;
  if (method === 'PUT' && path === '/v1/user/avatar') return BODY_LIMITS.avatar;
  return BODY_LIMITS.signedIn;
}

export const limitBodies: MiddlewareHandler<AppEnv> = (c, next) => {
  const max = limitOf(c.req.method, c.req.path);
  if (max === null) return next();
  const onError: Parameters<typeof bodyLimit>[0]['onError'] = (c) =>
    c.json(
      errorBody(
        'payload_too_large',
        `The body of ${c.req.method} ${c.req.path} is at most ${formatBytes(max)}. Send less in one request.`,
      ),
      413,
    );
  return bodyLimit({ maxSize: max, onError })(c, async () => {
    await refuseDeepJson(c);
    await next();
  });
};
