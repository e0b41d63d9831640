// Sign-up, login, logout and the session call (services/session.ts). Public routes: they check
// Origin themselves and keep the cookies; the service throttles and decides.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { DomainError } from '@nimbus/db';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { checkOrigin, requireSameOrigin } from '../auth';
import type { AppEnv } from '../context';
import { clearSessionCookies, sessionToken, setSessionCookies } from '../cookies';
import {
  LoginBody,
  LoginChallenge,
  LoginSecondFactorBody,
  RegistrationBody,
  RegistrationConfirm,
  RegistrationPending,
  SessionReply,
  UserReply,
} from '../schemas/accounts';
import { body, errors, json } from '../schemas/common';
import { RISK_COOKIE } from '../services/risk';
import * as session from '../services/session';

const tags = ['Session'];

import { clientOf } from '../client-ip';

export { clientIp, clientOf } from '../client-ip';

/** Public routes that act for a browser check Origin themselves (the authenticate middleware does it for the rest). */
export const guard = checkOrigin;

type Started = Awaited<ReturnType<typeof session.loginSecondFactor>>;
function started(c: Context<AppEnv>, { reply, cookie }: Started) {
  setSessionCookies(c, cookie.token, cookie.expiresAt, cookie.scopeSlug);
  return reply;
}

export function sessionRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v2/registration - sign up: with mail, 202 and a link to the address; without, the account at once
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v2/registration',
      tags,
      summary: 'Sign up',
      description:
        'When the server sends mail (SMTP_URL), answers 202 with the same reply whether or not the address has an account, and mails a link that finishes the sign-up (POST /v2/registration/confirm). Without mail, creates the account and logs in.',
      request: body(RegistrationBody),
      responses: { 200: json(UserReply), 202: json(RegistrationPending), ...errors },
    }),
    async (c) => {
      guard(c);
      const result = await session.register(c.var.options, c.req.valid('json'), {
        ...clientOf(c),
        riskSession: getCookie(c, RISK_COOKIE),
        acceptLanguage: c.req.header('accept-language'),
      });
      if ('pending' in result) return c.json(result, 202);
      return c.json(started(c, result), 200);
    },
  );

  // POST /v2/registration/confirm - finish a sign-up with the mailed link's secret, and log in
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v2/registration/confirm',
      tags,
      summary: 'Finish signing up',
      description: 'Uses the secret of a sign-up link once, within an hour: creates the account and logs in.',
      request: body(RegistrationConfirm),
      responses: { 200: json(UserReply), ...errors },
    }),
    async (c) => {
      guard(c);
      const { token } = c.req.valid('json');
      return c.json(started(c, await session.confirmRegistration(c.var.options, token, clientOf(c))), 200);
    },
  );

  // POST /auth/login - log in with e-mail and password
  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/login',
      tags,
      summary: 'Log in',
      description:
        'For an account with two-factor authentication, answers `{ mfaRequired: true, ticket }` and no session: finish with POST /auth/login/two-factor.',
      request: body(LoginBody),
      responses: { 200: json(z.union([UserReply, LoginChallenge])), ...errors },
    }),
    async (c) => {
      guard(c);
      const result = await session.login(c.var.options, c.req.valid('json'), clientOf(c));
      if ('mfaRequired' in result) return c.json(result, 200);
      return c.json(started(c, result), 200);
    },
  );

  // POST /auth/login/two-factor - the second step: the ticket and a TOTP or recovery code
  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/login/two-factor',
      tags,
      summary: 'Log in: the second factor',
      description: 'Wrong codes are throttled per account like passwords; a recovery code works once.',
      request: body(LoginSecondFactorBody),
      responses: { 200: json(UserReply), ...errors },
    }),
    async (c) => {
      guard(c);
      return c.json(started(c, await session.loginSecondFactor(c.var.options, c.req.valid('json'), clientOf(c))), 200);
    },
  );

  // POST /auth/logout - end the browser session
  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/logout',
      tags,
      summary: 'Log out',
      responses: { 200: json(z.object({})), ...errors },
    }),
    async (c) => {
      // Ending a session is a change made with its cookie: our own origin only.
      if (sessionToken(c)) requireSameOrigin(c);
      await session.logout(c.var.options, sessionToken(c));
      clearSessionCookies(c);
      return c.json({}, 200);
    },
  );

  // GET /www/user - the session call: user and flags, 403 (and cookies cleared) when logged out
  app.openapi(
    createRoute({
      method: 'get',
      path: '/www/user',
      tags,
      summary: 'Get the session',
      description: 'Reads the session cookie; answers 403 and clears the cookies when it is missing or expired.',
      responses: { 200: json(SessionReply), ...errors },
    }),
    async (c) => {
      const visitor = await session.visitor(c.var.options, sessionToken(c));
      if (!visitor) {
        clearSessionCookies(c);
        throw new DomainError('not_authenticated', 'You are not logged in.');
      }
      return c.json(await session.current(visitor), 200);
    },
  );

  return app;
}
