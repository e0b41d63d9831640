// Sign-up, login, logout and the session call (`GET /api/www/user`, docs/spec.md). These run
// before anyone is authenticated, so they take the API options rather than a context; the route
// keeps the HTTP parts (Origin check, cookies). Logins are throttled by login-throttle.ts.
import { createHash } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import type { LoginBody, LoginSecondFactorBody, RegistrationBody } from '../schemas/accounts';
import { userJson } from '../serialize';
import { createContext, type ServiceContext } from './context';
import { throttledLogin, throttledSecondFactor } from './login-throttle';
import { deliver } from './mail';
import type { ApiOptions } from './options';
import { RISK_LIMIT_SCORE, RISK_REFUSE_SCORE, signupRisk } from './risk';
import { teamsOf } from './teams';
import { checkSecondFactor, wrongCode } from './two-factor';

/** Who is on the other end of a sign-up or login: kept with the session for the account page. */
export interface Client {
  ip: string;
  userAgent?: string | null;
  /** Sign-up only: the fraud-detection session cookie and the browser's Accept-Language (services/risk.ts). */
  riskSession?: string | null;
  acceptLanguage?: string | null;
}

/** What a sign-up refused for its risk score reads (services/risk.ts): never a silent refusal. */
export const RISK_REFUSED_MESSAGE =
  'We could not create this account: this sign-up looks automated (browser automation or a form filled faster than a person types). Close automation tools, reload the page and try again, or contact support.';

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

const SIGNUP_MAILS_PER_EMAIL_PER_HOUR = 5;

/** The reply to a sign-up that waits for its address: the same words for a new and a registered address. */
export const signupPending = (email: string) => ({
  pending: true as const,
  message: `Check ${email}: we sent a link to finish signing up. It works once, for an hour.`,
});

/**
 * Sign-up. When Nimbus can send mail (`SMTP_URL`), the address is confirmed first, and the reply never
 * says whether it already has an account: a new address gets a link that finishes the sign-up, a
 * registered one a notice to its owner, and both take one argon2 hash and one mail. Without mail
 * nobody could read a link, so the account is made and logged in at once, and a registered
 * address is refused (its owner is told).
 */
export async function register(options: ApiOptions, input: z.infer<typeof RegistrationBody>, client: Client) {
  const limit = options.signupLimitPerHour ?? 20;
  const request = { userAgent: client.userAgent, acceptLanguage: client.acceptLanguage };
  const risk = await signupRisk(options, client.riskSession, request);
  // Outside production (development, preview: browser journeys drive automated browsers) the score
  // is recorded but decides nothing.
  const enforced = options.environment !== 'development' && options.environment !== 'preview';
  if (enforced && risk.score >= RISK_REFUSE_SCORE) {
    if (risk.session) await db.settleRiskSession(options.db, { id: risk.session, outcome: 'refused' });
    throw new db.DomainError('forbidden', RISK_REFUSED_MESSAGE, { reason: 'risk' });
  }
  // A doubtful session (RISK_LIMIT_SCORE) counts twice against the per-IP limit.
  for (let hit = enforced && risk.score >= RISK_LIMIT_SCORE ? 2 : 1; hit > 0; hit--)
    if (!(await db.hitRateLimit(options.db, `signup:ip:${client.ip}`, limit, 60 * 60_000)))
      throw new db.DomainError('rate_limited', 'Too many sign-ups from this address. Try again in an hour.');
  if (!options.smtpUrl) return registerAtOnce(options, input, client, risk.session);
  if (risk.session) await db.settleRiskSession(options.db, { id: risk.session, outcome: 'allowed' });
  const account = await db.prepareAccount(input);
  const mailAllowed = await db.hitRateLimit(
    options.db,
    `signup:email:${account.email}`,
    SIGNUP_MAILS_PER_EMAIL_PER_HOUR,
    60 * 60_000,
  );
  if (mailAllowed) {
    if (await db.userByEmail(options.db, account.email)) await tellOwner(options, account.email);
    else await mailSignupLink(options, account);
  }
  return signupPending(account.email);
}

async function registerAtOnce(
  options: ApiOptions,
  input: z.infer<typeof RegistrationBody>,
  client: Client,
  riskSession: string | null,
) {
  try {
    const user = await db.registerUser(options.db, input);
    if (riskSession) await db.settleRiskSession(options.db, { id: riskSession, outcome: 'allowed', userId: user.id });
    return await start(options, user, client);
  } catch (err) {
    if (err instanceof db.DomainError && err.code === 'email_taken') await tellOwner(options, input.email);
    throw err;
  }
}

async function mailSignupLink(options: ApiOptions, account: db.NewAccount) {
  const secret = await db.savePendingSignup(options.db, account);
  const link = `${options.publicUrl}/signup/confirm?token=${secret}`;
  const mailId = await db.queueAccountMail(options.db, {
    to: account.email,
    subject: 'Finish signing up to Nimbus',
    text: `Someone asked to create a Nimbus account with this e-mail address.\n\nTo finish signing up, open this link: ${link}\n\nThe link works once and expires in ${db.SIGNUP_CONFIRM_MINUTES} minutes. If it was not you, ignore this e-mail: no account is made.`,
    link,
  });
  await deliver(options.db, options, mailId);
}

/** Finishes a sign-up with the secret of its link: the account is made and logged in. */
export async function confirmRegistration(options: ApiOptions, token: string, client: Client) {
  return start(options, await db.confirmPendingSignup(options.db, token), client);
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

/**
 * The password step. A user with two-factor on gets no session yet but a ticket: the second step
 * (`loginSecondFactor`) takes it with a code within five minutes.
 */
export async function login(options: ApiOptions, { email, password }: z.infer<typeof LoginBody>, client: Client) {
  const user = await throttledLogin(options.db, email, client.ip, () => db.checkLogin(options.db, email, password));
  if (db.hasTwoFactor(user)) return { mfaRequired: true as const, ticket: await newTicket(options, user.id) };
  return start(options, user, client);
}

const TICKET_MS = 5 * 60_000;
const ticketKey = (userId: string, secret: string) =>
  `login:ticket:${userId}:${createHash('sha256').update(secret).digest('hex')}`;

/** `<user id>.<secret>`; only the secret's SHA-256 is kept, as a remembered key that expires. */
async function newTicket(options: ApiOptions, userId: string): Promise<string> {
  const secret = db.randomString(40);
  await db.rememberKey(options.db, ticketKey(userId, secret), TICKET_MS);
  return `${userId}.${secret}`;
}

/** The second step: the ticket from the password step and a TOTP or recovery code start the session. */
export async function loginSecondFactor(
  options: ApiOptions,
  { ticket, code }: z.infer<typeof LoginSecondFactorBody>,
  client: Client,
) {
  const [userId = '', secret = ''] = ticket.split('.');
  const key = ticketKey(userId, secret);
  const expired = () =>
    new db.DomainError('invalid_credentials', 'The login took too long or the ticket is not valid. Log in again.');
  if (!userId || !secret || !(await db.readRateLimit(options.db, key))) throw expired();
  const user = await db.getUser(options.db, userId).catch(() => {
    throw expired();
  });
  await throttledSecondFactor(options.db, user.id, () => checkSecondFactor(options, user, code), wrongCode());
  await db.clearRateLimit(options.db, key);
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
