// Sign-up, login, logout and the session call (`GET /api/www/user`, docs/spec.md). These run
// before anyone is authenticated, so they take the API options rather than a context; the route
// keeps the HTTP parts (Origin check, cookies). Logins are throttled by login-throttle.ts.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import type { ApiOptions } from '../context';
import { deliver } from '../mail';
import type { LoginBody, RegistrationBody } from '../schemas/accounts';
import { userJson } from '../serialize';
import { createContext, type ServiceContext } from './context';
import { throttledLogin } from './login-throttle';
import { teamsOf } from './teams';

/** Who is on the other end of a sign-up or login: kept with the session for the account page. */
export interface Client {
  ip: string;
  userAgent?: string | null;
}

/** A new session for the user: the reply, and what the browser keeps (cookie token, expiry, scope slug). */
async function start(options: ApiOptions, user: db.User, client: Client) {
  const { token, expiresAt } = await db.createSession(options.db, user.id, client);
  const teams = await db.listTeams(options.db, user.id);
  const personal = teams.find((t) => t.personal);
  const current = teams.find((t) => t.id === user.defaultTeamId) ?? personal;
  return {
    reply: { user: userJson(user, personal) },
    cookie: { token, expiresAt, scopeSlug: current?.slug ?? user.username },
  };
}

/** A sign-up with a registered address also tells that address's owner, who may not have tried it. */
export async function register(options: ApiOptions, input: z.infer<typeof RegistrationBody>, client: Client) {
  const limit = options.signupLimitPerHour ?? 20;
  if (!(await db.hitRateLimit(options.db, `signup:ip:${client.ip}`, limit, 60 * 60_000)))
    throw new db.DomainError('rate_limited', 'Too many sign-ups from this address. Try again in an hour.');
  try {
    return await start(options, await db.registerUser(options.db, input), client);
  } catch (err) {
    if (err instanceof db.DomainError && err.code === 'email_taken') await tellOwner(options, input.email);
    throw err;
  }
}

async function tellOwner(options: ApiOptions, email: string) {
  const link = `${options.publicUrl}/forgot-password`;
  const mailId = await db.queueAccountMail(options.db, {
    to: db.normalizeEmail(email),
    subject: 'Someone tried to sign up to Nimbus with your address',
    text: `Someone tried to create a Nimbus account with this e-mail address, which already has one.\n\nIf it was you, log in instead. If you forgot your password, reset it: ${link}\n\nIf it was not you, you need not do anything.`,
    link,
  });
  await deliver(options.db, options, mailId);
}

export async function login(options: ApiOptions, { email, password }: z.infer<typeof LoginBody>, client: Client) {
  const user = await throttledLogin(options.db, email, client.ip, () => db.checkLogin(options.db, email, password));
  return start(options, user, client);
}

export async function logout(options: ApiOptions, token: string | undefined): Promise<void> {
  if (token) await db.deleteSession(options.db, token);
}

/** The visitor holding this session cookie, as a service context; null when it is missing or expired. */
export async function visitor(options: ApiOptions, token: string | undefined): Promise<ServiceContext | null> {
  const found = token ? await db.sessionForToken(options.db, token) : null;
  return found
    ? createContext(options, { user: found.user, token: null, via: 'session', sessionId: found.sessionId })
    : null;
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
