// Sign-up, login, logout and the session call (`GET /api/www/user`, docs/spec.md). These run
// before anyone is authenticated, so they take the API options rather than a context; the route
// keeps the HTTP parts (Origin check, cookies). Logins are throttled per IP and per account.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import type { ApiOptions } from '../context';
import type { LoginBody, RegistrationBody } from '../schemas/accounts';
import { userJson } from '../serialize';
import { createContext, type ServiceContext } from './context';
import { teamsOf } from './teams';

const LOGIN_WINDOW_MS = 10 * 60_000;
const LOGIN_LIMIT_PER_IP = 30;
const LOGIN_LIMIT_PER_ACCOUNT = 10;

/** A new session for the user: the reply, and what the browser keeps (cookie token, expiry, scope slug). */
async function start(options: ApiOptions, user: db.User) {
  const { token, expiresAt } = await db.createSession(options.db, user.id);
  const teams = await db.listTeams(options.db, user.id);
  const personal = teams.find((t) => t.personal);
  const current = teams.find((t) => t.id === user.defaultTeamId) ?? personal;
  return {
    reply: { user: userJson(user, personal) },
    cookie: { token, expiresAt, scopeSlug: current?.slug ?? user.username },
  };
}

export async function register(options: ApiOptions, input: z.infer<typeof RegistrationBody>, ip: string) {
  const limit = options.signupLimitPerHour ?? 20;
  if (!(await db.hitRateLimit(options.db, `signup:ip:${ip}`, limit, 60 * 60_000)))
    throw new db.DomainError('rate_limited', 'Too many sign-ups from this address. Try again in an hour.');
  return start(options, await db.registerUser(options.db, input));
}

export async function login(options: ApiOptions, { email, password }: z.infer<typeof LoginBody>, ip: string) {
  const accountKey = `login:account:${db.normalizeEmail(email)}`;
  const ipOk = await db.hitRateLimit(options.db, `login:ip:${ip}`, LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_MS);
  const accountOk = await db.hitRateLimit(options.db, accountKey, LOGIN_LIMIT_PER_ACCOUNT, LOGIN_WINDOW_MS);
  if (!ipOk || !accountOk)
    throw new db.DomainError('rate_limited', 'Too many login attempts. Wait 10 minutes and try again.');
  const user = await db.verifyLogin(options.db, email, password);
  await db.clearRateLimit(options.db, accountKey);
  return start(options, user);
}

export async function logout(options: ApiOptions, token: string | undefined): Promise<void> {
  if (token) await db.deleteSession(options.db, token);
}

/** The visitor holding this session cookie, as a service context; null when it is missing or expired. */
export async function visitor(options: ApiOptions, token: string | undefined): Promise<ServiceContext | null> {
  const user = token ? await db.userForSession(options.db, token) : null;
  return user ? createContext(options, { user, token: null, via: 'session' }) : null;
}

/** The session call's reply: the user and their flags, `staff` for members of the staff team. */
export async function current(ctx: ServiceContext) {
  const teams = await teamsOf(ctx);
  const staff = teams.some((t) => t.slug === ctx.options.staffTeam);
  return {
    user: userJson(
      ctx.actor.user,
      teams.find((t) => t.personal),
    ),
    flags: { ...ctx.actor.user.flags, staff },
  };
}
