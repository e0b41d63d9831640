// Sign-up, login, logout and the session call (`GET /api/www/user`, spec 7). Public routes: they
// check Origin themselves and throttle logins per IP and per account.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  clearRateLimit,
  createSession,
  DomainError,
  deleteSession,
  hitRateLimit,
  listTeams,
  normalizeEmail,
  registerUser,
  type User,
  userForSession,
  verifyLogin,
} from '@nimbus/db';
import type { Context } from 'hono';
import { checkOrigin } from '../auth';
import type { AppEnv } from '../context';
import { clearSessionCookies, sessionToken, setSessionCookies } from '../cookies';
import { LoginBody, RegistrationBody, UserSchema } from '../schemas/accounts';
import { body, errors, json } from '../schemas/common';
import { userJson } from '../serialize';

const LOGIN_WINDOW_MS = 10 * 60_000;
const LOGIN_LIMIT_PER_IP = 30;
const LOGIN_LIMIT_PER_ACCOUNT = 10;

const SessionReply = z.object({ user: UserSchema }).openapi('Session');

export function clientIp(c: Context<AppEnv>): string {
  if (c.var.options.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

async function startSession(c: Context<AppEnv>, user: User) {
  const { db } = c.var.options;
  const { token, expiresAt } = await createSession(db, user.id);
  const teams = await listTeams(db, user.id);
  const personal = teams.find((t) => t.personal);
  const current = teams.find((t) => t.id === user.defaultTeamId) ?? personal;
  setSessionCookies(c, token, expiresAt, current?.slug ?? user.username);
  return { user: userJson(user, personal) };
}

const guard = (c: Context<AppEnv>) =>
  checkOrigin(c.req.header('origin'), c.req.header('sec-fetch-site'), c.req.header('host'));

export function sessionRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v2/registration - create an account and log in
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v2/registration',
      tags: ['Session'],
      request: body(RegistrationBody),
      responses: { 200: json(SessionReply), ...errors },
    }),
    async (c) => {
      guard(c);
      const input = c.req.valid('json');
      const allowed = await hitRateLimit(
        c.var.options.db,
        `signup:ip:${clientIp(c)}`,
        c.var.options.signupLimitPerHour ?? 20,
        60 * 60_000,
      );
      if (!allowed) throw new DomainError('rate_limited', 'Too many sign-ups from this address. Try again in an hour.');
      const user = await registerUser(c.var.options.db, input);
      return c.json(await startSession(c, user), 200);
    },
  );

  // POST /auth/login - log in with e-mail and password
  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/login',
      tags: ['Session'],
      request: body(LoginBody),
      responses: { 200: json(SessionReply), ...errors },
    }),
    async (c) => {
      guard(c);
      const { email, password } = c.req.valid('json');
      const { db } = c.var.options;
      const accountKey = `login:account:${normalizeEmail(email)}`;
      const ipOk = await hitRateLimit(db, `login:ip:${clientIp(c)}`, LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_MS);
      const accountOk = await hitRateLimit(db, accountKey, LOGIN_LIMIT_PER_ACCOUNT, LOGIN_WINDOW_MS);
      if (!ipOk || !accountOk)
        throw new DomainError('rate_limited', 'Too many login attempts. Wait 10 minutes and try again.');
      const user = await verifyLogin(db, email, password);
      await clearRateLimit(db, accountKey);
      return c.json(await startSession(c, user), 200);
    },
  );

  // POST /auth/logout - end the browser session
  app.post('/auth/logout', async (c) => {
    guard(c);
    const token = sessionToken(c);
    if (token) await deleteSession(c.var.options.db, token);
    clearSessionCookies(c);
    return c.json({}, 200);
  });

  // GET /www/user - the session call: user and flags, 403 when logged out (spec 7, 8)
  app.get('/www/user', async (c) => {
    const token = sessionToken(c);
    const user = token ? await userForSession(c.var.options.db, token) : null;
    if (!user) {
      clearSessionCookies(c);
      throw new DomainError('not_authenticated', 'You are not logged in.');
    }
    const teams = await listTeams(c.var.options.db, user.id);
    const staff = teams.some((t) => t.slug === c.var.options.staffTeam);
    return c.json({
      user: userJson(
        user,
        teams.find((t) => t.personal),
      ),
      flags: { ...user.flags, staff },
    });
  });

  return app;
}
