// SAML single sign-on (services/sso.ts, services/sso-settings.ts). The start, the ACS, `complete`
// and the SP metadata are public: the browser arrives there logged out, and the ACS is posted by the
// IdP. The start's nonce cookie binds the sign-in to the browser; `complete` checks it.

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { SSO_REQUEST_TTL_MS } from '@nimbus/db';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { clearSsoNonceCookie, setSessionCookies, setSsoNonceCookie } from '../cookies';
import { errors, json, pathParam } from '../schemas/common';
import { SsoAcsForm, SsoCompleteQuery, SsoIdpInput, SsoPatch, SsoSettingsSchema, SsoStartQuery } from '../schemas/sso';
import { TeamIdParam } from '../schemas/teams';
import { forTeam } from '../services/context';
import * as sso from '../services/sso';
import * as settings from '../services/sso-settings';
import { clientOf } from './session';

const tags = ['Single sign-on'];
const auth = [{ bearer: [] }];
const redirect = { 302: { description: 'Redirect' } };

export function ssoRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /auth/sso - start signing in with the team's identity provider (HTTP-Redirect binding)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/auth/sso',
      tags,
      summary: 'Start SAML single sign-on',
      description:
        'Redirects to the identity provider of the team given by teamId, slug, or the domain of email, and sets ' +
        `the \`${sso.SSO_NONCE_COOKIE}\` cookie that binds the sign-in to this browser.`,
      request: { query: SsoStartQuery },
      responses: { ...redirect, ...errors },
    }),
    async (c) => {
      const { teamId, slug, email, next } = c.req.valid('query');
      const started = await sso.start(c.var.options, { team: teamId || slug, email, next }, clientOf(c));
      setSsoNonceCookie(c, sso.SSO_NONCE_COOKIE, started.nonce, SSO_REQUEST_TTL_MS);
      return c.redirect(started.url, 302);
    },
  );

  // POST /auth/sso/acs - the identity provider's answer (HTTP-POST binding): checked, then on to complete
  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/sso/acs',
      tags,
      summary: 'SAML assertion consumer service',
      description:
        'Checks the signed answer and redirects (303) to /api/auth/sso/complete with a one-use ticket; the ' +
        'session is made there, in the browser that started the sign-in.',
      request: {
        body: { content: { 'application/x-www-form-urlencoded': { schema: SsoAcsForm } }, required: true },
      },
      responses: { 303: { description: 'Redirect to complete the sign-in' }, ...errors },
    }),
    async (c) => {
      const { ticket } = await sso.finish(c.var.options, c.req.valid('form'));
      return c.redirect(`/api/auth/sso/complete?${new URLSearchParams({ ticket })}`, 303);
    },
  );

  // GET /auth/sso/complete - the browser that started the sign-in (its nonce cookie) logs in
  app.openapi(
    createRoute({
      method: 'get',
      path: '/auth/sso/complete',
      tags,
      summary: 'Complete SAML single sign-on',
      description:
        `Takes the ACS's one-use ticket (valid ${sso.SSO_TICKET_TTL_MS / 60_000} minutes), checks the ` +
        `\`${sso.SSO_NONCE_COOKIE}\` cookie is the one of the browser that started the sign-in, logs in ` +
        'and redirects to where the sign-in was going.',
      request: { query: SsoCompleteQuery },
      responses: { ...redirect, ...errors },
    }),
    async (c) => {
      const { ticket } = c.req.valid('query');
      const nonce = getCookie(c, sso.SSO_NONCE_COOKIE);
      clearSsoNonceCookie(c, sso.SSO_NONCE_COOKIE);
      const { cookie, next } = await sso.complete(c.var.options, { ticket, nonce }, clientOf(c));
      setSessionCookies(c, cookie.token, cookie.expiresAt, cookie.scopeSlug);
      return c.redirect(next, 302);
    },
  );

  // GET /auth/sso/metadata/{teamId} - the service provider metadata an owner gives the IdP
  app.openapi(
    createRoute({
      method: 'get',
      path: '/auth/sso/metadata/{teamId}',
      tags,
      summary: 'SAML service provider metadata of a team',
      request: { params: z.object({ teamId: pathParam('teamId', 'Team id.') }) },
      responses: {
        200: { description: 'SAML metadata', content: { 'application/samlmetadata+xml': { schema: z.string() } } },
        ...errors,
      },
    }),
    async (c) =>
      c.body(await sso.spMetadata(c.var.options, c.req.valid('param').teamId), 200, {
        'content-type': 'application/samlmetadata+xml; charset=utf-8',
      }),
  );
  return app;
}

export function ssoSettingsRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const path = '/v1/teams/{teamId}/saml';
  const reply = { 200: json(SsoSettingsSchema), ...errors };

  // GET /v1/teams/{teamId}/saml - the team's SSO settings (owners)
  app.openapi(
    createRoute({
      method: 'get',
      path,
      tags,
      summary: 'Get SAML settings',
      security: auth,
      request: { params: TeamIdParam },
      responses: reply,
    }),
    async (c) => c.json(await settings.get(forTeam(c.var.ctx, c.req.valid('param').teamId)), 200),
  );

  // PUT /v1/teams/{teamId}/saml/idp - set the identity provider from metadata
  app.openapi(
    createRoute({
      method: 'put',
      path: `${path}/idp`,
      tags,
      summary: 'Set the identity provider',
      security: auth,
      request: {
        params: TeamIdParam,
        body: { content: { 'application/json': { schema: SsoIdpInput } }, required: true },
      },
      responses: reply,
    }),
    async (c) =>
      c.json(await settings.setIdp(forTeam(c.var.ctx, c.req.valid('param').teamId), c.req.valid('json')), 200),
  );

  // PATCH /v1/teams/{teamId}/saml - domain, default role, enforcement
  app.openapi(
    createRoute({
      method: 'patch',
      path,
      tags,
      summary: 'Change SAML settings',
      security: auth,
      request: { params: TeamIdParam, body: { content: { 'application/json': { schema: SsoPatch } }, required: true } },
      responses: reply,
    }),
    async (c) =>
      c.json(await settings.update(forTeam(c.var.ctx, c.req.valid('param').teamId), c.req.valid('json')), 200),
  );

  // POST /v1/teams/{teamId}/saml/verify - check the domain's TXT record
  app.openapi(
    createRoute({
      method: 'post',
      path: `${path}/verify`,
      tags,
      summary: 'Verify the e-mail domain',
      security: auth,
      request: { params: TeamIdParam },
      responses: reply,
    }),
    async (c) => c.json(await settings.verifyDomain(forTeam(c.var.ctx, c.req.valid('param').teamId)), 200),
  );

  // DELETE /v1/teams/{teamId}/saml - remove single sign-on
  app.openapi(
    createRoute({
      method: 'delete',
      path,
      tags,
      summary: 'Remove single sign-on',
      security: auth,
      request: { params: TeamIdParam },
      responses: { 204: { description: 'Removed' }, ...errors },
    }),
    async (c) => {
      await settings.remove(forTeam(c.var.ctx, c.req.valid('param').teamId));
      return c.body(null, 204);
    },
  );
  return app;
}
