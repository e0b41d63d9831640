// SAML single sign-on, Nimbus as the service provider (@node-saml/node-saml): start a sign-in
// (HTTP-Redirect to the team's IdP), check the IdP's answer at the ACS (signature with the IdP's
// certificate, audience, InResponseTo against requests kept in the database so each is used once,
// time), then log the person in, making the account and the membership just in time. Also the
// enforcement check every team-scoped call runs (context.ts).

import { isValidLinkTarget } from '@nimbus/core';
import * as db from '@nimbus/db';
import { type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { ApiOptions, Scope } from '../context';
import { auditAs } from './audit';
import type { ServiceContext } from './context';
import type { Client } from './session';

/** How long an SSO sign-in counts as recent for a team that enforces SSO, unless ApiOptions says otherwise. */
export const SSO_MAX_AGE_MS = 24 * 60 * 60_000;
const EMAIL_ATTRIBUTES = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];

export const acsUrl = (options: ApiOptions) => `${options.publicUrl}/api/auth/sso/acs`;
/** The service provider's entity ID is the URL of its metadata, one per team. */
export const spEntityId = (options: ApiOptions, teamId: string) =>
  `${options.publicUrl}/api/auth/sso/metadata/${teamId}`;

const refused = (message: string) => new db.DomainError('forbidden', message);

/** node-saml keeps request ids through this: in the database, so any process can take the answer, once. */
function requestCache(options: ApiOptions, teamId: string, claimed: Set<string>): CacheProvider {
  return {
    saveAsync: (key, value) => db.saveSsoRequest(options.db, teamId, key, value),
    getAsync: async (key) => (await db.getSsoRequest(options.db, key, teamId))?.value ?? null,
    removeAsync: async (key) => {
      const value = key ? await db.takeSsoRequest(options.db, key) : null;
      if (key && value) claimed.add(key);
      return value;
    },
  };
}

function samlFor(options: ApiOptions, sso: db.TeamSso, claimed = new Set<string>()): SAML {
  return new SAML({
    entryPoint: sso.idpSsoUrl,
    issuer: spEntityId(options, sso.teamId),
    audience: spEntityId(options, sso.teamId),
    callbackUrl: acsUrl(options),
    idpCert: sso.idpCertificate,
    idpIssuer: sso.idpEntityId,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    // Okta, Entra ID and Google sign the assertion; the response around it may be unsigned.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: db.SSO_REQUEST_TTL_MS,
    acceptedClockSkewMs: 60_000,
    cacheProvider: requestCache(options, sso.teamId, claimed),
  });
}

/** The SP metadata the owner gives the identity provider. */
export async function spMetadata(options: ApiOptions, teamId: string): Promise<string> {
  const sso = await db.teamSsoByTeam(options.db, teamId);
  if (!sso) throw new db.DomainError('not_found', 'This team has no single sign-on set up.');
  return samlFor(options, sso).generateServiceProviderMetadata(null, null);
}

async function teamToSignIn(options: ApiOptions, input: { team?: string; email?: string }) {
  if (input.email) {
    const domain = db.normalizeEmail(input.email).split('@')[1] ?? '';
    const sso = domain ? await db.teamSsoByDomain(options.db, domain) : null;
    if (!sso) throw new db.DomainError('not_found', `No team signs in people of ${domain || 'that address'} with SSO.`);
    return sso;
  }
  const sso = input.team ? await db.teamSsoByTeam(options.db, input.team) : null;
  if (!sso) throw new db.DomainError('not_found', 'This team has no single sign-on set up.');
  if (!sso.domainVerifiedAt)
    throw refused(`Team ${sso.slug} has not verified its e-mail domain yet, so it cannot sign anyone in with SSO.`);
  return sso;
}

/** Whether the team (id or slug) can sign people in with SAML: an IdP and a verified domain. */
export async function available(options: ApiOptions, team: string): Promise<boolean> {
  return Boolean((await db.teamSsoByTeam(options.db, team))?.domainVerifiedAt);
}

/** Sign-ins one address may start per hour: each keeps a pending request row for 10 minutes. */
export const SSO_STARTS_PER_HOUR = 120;

/** Where to send the browser to sign in with the team's identity provider (HTTP-Redirect binding). */
export async function startUrl(
  options: ApiOptions,
  input: { team?: string; email?: string; next?: string },
  client: Client,
) {
  if (!input.team && !input.email) throw new db.DomainError('bad_request', 'Pass ?teamId=, ?slug= or ?email=.');
  if (!(await db.hitRateLimit(options.db, `sso:ip:${client.ip}`, SSO_STARTS_PER_HOUR, 60 * 60_000)))
    throw new db.DomainError(
      'rate_limited',
      'Too many single sign-on attempts from this address. Try again in an hour.',
    );
  const sso = await teamToSignIn(options, input);
  const next = input.next && isValidLinkTarget(input.next) ? input.next : `/${sso.slug}`;
  return samlFor(options, sso).getAuthorizeUrlAsync(next, undefined, {});
}

/** The request the response answers: the InResponseTo of its root element. */
function inResponseTo(samlResponse: string): string {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const fail = () => {
    throw new db.DomainError('bad_request', 'SAMLResponse is not a base64-encoded SAML response.');
  };
  const root = new DOMParser({ errorHandler: { warning: () => {}, error: fail, fatalError: fail } }).parseFromString(
    xml,
    'text/xml',
  )?.documentElement;
  const id = root?.localName === 'Response' ? root.getAttribute('InResponseTo') : null;
  if (!id) throw refused('This SAML response answers no sign-in Nimbus started. Start the sign-in from Nimbus.');
  return id;
}

function emailOf(profile: Record<string, unknown>): string | null {
  for (const name of EMAIL_ATTRIBUTES) {
    const value = profile[name];
    if (typeof value === 'string' && value.includes('@')) return value;
  }
  const nameId = profile.nameID;
  return typeof nameId === 'string' && nameId.includes('@') ? nameId : null;
}

async function userFor(options: ApiOptions, email: string, name: string | null): Promise<db.User> {
  const existing = await db.userByEmail(options.db, email);
  if (existing) return existing;
  // SSO users log in through their IdP; the password is random until they set one by reset.
  const passwordHash = await db.hashPassword(db.randomString(40));
  return db.createAccount(options.db, { email: db.normalizeEmail(email), name, passwordHash });
}

/**
 * Checks the IdP's POST to the ACS and logs the person in: their account by e-mail, made if new,
 * joins the team with its default role. The e-mail must be in the team's verified domain, so one
 * team's IdP can never sign in someone else's account.
 */
export async function finish(options: ApiOptions, form: { SAMLResponse: string; RelayState?: string }, client: Client) {
  const requestId = inResponseTo(form.SAMLResponse);
  const pending = await db.getSsoRequest(options.db, requestId);
  if (!pending) throw refused('This SAML response was already used or has expired. Start the sign-in again.');
  const sso = await db.getTeamSso(options.db, pending.teamId);
  if (!sso?.domain || !sso.domainVerifiedAt) throw refused('This team cannot sign anyone in with SSO any more.');
  const claimed = new Set<string>();
  let profile: Record<string, unknown> | null;
  try {
    ({ profile } = await samlFor(options, sso, claimed).validatePostResponseAsync({ SAMLResponse: form.SAMLResponse }));
  } catch (error) {
    throw refused(`The identity provider's answer was refused: ${(error as Error).message}.`);
  }
  if (!claimed.has(requestId)) throw refused('This SAML response was already used. Start the sign-in again.');
  const email = profile ? emailOf(profile) : null;
  if (!email) throw refused('The identity provider sent no e-mail address (NameID or an "email" attribute).');
  if (db.normalizeEmail(email).split('@')[1] !== sso.domain)
    throw refused(`${email} is not in ${sso.domain}, the domain this team signs in with SSO.`);
  const name = typeof profile?.name === 'string' ? profile.name : null;
  const user = await userFor(options, email, name);
  const joined = await db.joinTeamBySso(options.db, sso.teamId, user.id, sso.defaultRole);
  const session = await db.createSession(options.db, user.id, client);
  await db.recordSsoLogin(options.db, session.id, sso.teamId);
  const team = await db.getTeamForUser(options.db, user.id, sso.teamId);
  const actor = { user, client };
  const member = { type: 'member', id: user.id, name: user.username } as const;
  if (joined) await auditAs(options.db, actor, team.id, 'member.joined', member, { role: team.role, via: 'saml' });
  await auditAs(
    options.db,
    actor,
    team.id,
    'login.sso',
    { type: 'team', id: team.id, name: team.slug },
    { email: user.email },
  );
  const relay = form.RelayState;
  return {
    cookie: { token: session.token, expiresAt: session.expiresAt, scopeSlug: team.slug },
    next: relay && isValidLinkTarget(relay) ? relay : `/${team.slug}`,
  };
}

/**
 * Enforcement: a browser session acting for a team that enforces SSO needs an SSO sign-in for
 * that team within the last SSO_MAX_AGE_MS. Owners pass (break-glass: they can always reach the
 * settings to fix the IdP), and so do tokens (they are made, listed and revoked by the user).
 * The error is the spec's: `missing_scope` with the team's slug and `saml: true`.
 */
export async function requireSsoLogin(ctx: ServiceContext, scope: Scope): Promise<void> {
  const { actor, options } = ctx;
  if (actor.via !== 'session' || !actor.sessionId || scope.personal || scope.role === 'OWNER') return;
  const sso = await db.getTeamSso(options.db, scope.teamId);
  if (!sso?.enforced) return;
  const last = await db.lastSsoLogin(options.db, actor.sessionId, scope.teamId);
  if (last && Date.now() - last.getTime() < (options.ssoMaxAgeMs ?? SSO_MAX_AGE_MS)) return;
  throw new db.DomainError(
    'missing_scope',
    `Team ${scope.slug} requires single sign-on. Log in with SSO to continue.`,
    { scope: scope.slug, saml: true, teamId: scope.teamId },
  );
}
