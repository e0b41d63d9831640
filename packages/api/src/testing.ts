// Test helpers: a real API on a fresh test database, driven through `app.request()`.
import { type Db, listAccountMail } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { type Api, createApi } from './app';
import type { ApiOptions } from './context';

export const ORIGIN = 'http://localhost:3000';

export async function createTestApi(overrides: Partial<ApiOptions> = {}) {
  const database = await createTestDatabase();
  const app = apiOn(database.db, overrides);
  return { app, database, db: database.db, close: () => database.close(), ...clientFor(app, database.db) };
}

/**
 * Another API on a database a test already has, with other settings: tests that vary only settings
 * share one database instead of starting one per case.
 */
export function apiOn(db: Db, overrides: Partial<ApiOptions> = {}): Api {
  return createApi({ db, publicUrl: ORIGIN, deployDomain: 'localhost', staffTeam: 'staff-team', ...overrides });
}

/** `db`, when given, lets `signup` follow the mailed link of a server that confirms addresses (SMTP_URL set). */
export function clientFor(app: Api, db?: Db) {
  /** A JSON call with either a bearer token or a session cookie, as a browser on our origin sends it. */
  async function call(
    method: string,
    path: string,
    opts: { token?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { host: 'localhost:3000', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) {
      headers.cookie = opts.cookie;
      headers.origin ??= ORIGIN;
    }
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(`${ORIGIN}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const type = res.headers.get('content-type') ?? '';
    const json = type.includes('json') ? await res.json() : null;
    return { status: res.status, json: json as any, res };
  }

  /** Signs up and returns the session cookie and an API token for the new user. */
  async function signup(email: string, name?: string) {
    let res = await call('POST', '/v2/registration', {
      body: { email, password: 'correct horse battery', name },
      headers: { origin: ORIGIN },
    });
    if (res.status === 202 && db) {
      const token = await signupToken(db, email);
      res = await call('POST', '/v2/registration/confirm', { body: { token }, headers: { origin: ORIGIN } });
    }
    if (res.status !== 200) throw new Error(`signup failed: ${JSON.stringify(res.json)}`);
    const cookie = res.res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const tokenRes = await call('POST', '/v3/user/tokens', { cookie, body: { name: 'test' } });
    return { cookie, user: res.json.user, token: tokenRes.json.bearerToken as string };
  }

  /** A new team on the Pro plan (its trial), which may have more than one member. */
  async function proTeam(token: string, name: string) {
    const team = await call('POST', '/v1/teams', { token, body: { name } });
    if (team.status !== 200) throw new Error(`team creation failed: ${JSON.stringify(team.json)}`);
    await call('POST', `/v1/plan/change?teamId=${team.json.id}`, { token, body: { plan: 'pro' } });
    return team;
  }

  return { call, signup, proTeam };
}

/** The secret of the newest sign-up link mailed to the address (read from the outbox, where every mail is kept). */
export async function signupToken(db: Db, email: string): Promise<string> {
  const [mail] = (await listAccountMail(db, email)).filter((m) => m.link?.includes('/signup/confirm?token='));
  if (!mail?.link) throw new Error(`no sign-up link was mailed to ${email}`);
  return new URL(mail.link).searchParams.get('token')!;
}

/** Serves the API on a real loopback port, as the front server does (also under `/api`), for HTTP clients. */
export async function listen(app: Api): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const { getRequestListener } = await import('@hono/node-server');
  const { stripApiPrefix } = await import('./dispatch');
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    req.url = stripApiPrefix(req.url ?? '/');
    void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
