// SAML single sign-on, Nimbus as the service provider (@node-saml/node-saml): start a sign-in
// (HTTP-Redirect to the team's IdP), check the IdP's answer at the ACS (signature with the IdP's
// certificate, audience, InResponseTo against requests kept in the database so each is used once,
// time), then log the person in, making the account and the membership just in time. Also the
// enforcement check every team-scoped call runs (context.ts).
//
// Login CSRF: a sign-in is bound to the browser that started it. The start sets a random nonce in a
// host-only Lax cookie and keeps its SHA-256 with the pending request. The IdP's POST to the ACS is
// cross-site, so that cookie does not come with it: the ACS checks the answer and hands back a
// one-use ticket (random; its hash is an sso_requests row holding who signs in and the nonce's hash),
// and the browser follows it top-level to `complete`, where the cookie does come along and must match.
// The ticket is a stored random value rather than a signed token: it has to be used once anyway,
// which needs a row, and then it needs no key.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isValidLinkTarget } from '@nimbus/core';
import * as db from '@nimbus/db';
import { type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { auditAs } from './audit';
import type { ApiOptions } from './options';
import type { Client } from './session';
import { syncSeats } from './stripe-billing';

const EMAIL_ATTRIBUTES = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];

export const acsUrl = (options: ApiOptions) => `${options.publicUrl}/api/auth/sso/acs`;
/** The service provider's entity ID is the URL of its metadata, one per team. */
export const spEntityId = (options: ApiOptions, teamId: string) =>
  `${options.publicUrl}/api/auth/sso/metadata/${teamId}`;

const refused = (message: string) => new db.DomainError('forbidden', message);

/** The cookie holding the nonce of the sign-in this browser started (routes/sso.ts sets it). */
export const SSO_NONCE_COOKIE = 'nimbus_sso';
/** How long the ACS's ticket may wait for the browser to reach `complete`. */
export const SSO_TICKET_TTL_MS = 2 * 60_000;
const TICKET_PREFIX = 'ticket:';
const OTHER_BROWSER = 'This sign-in was started in another browser. Start it again from this browser.';
const { sha256 } = db;

/**
 * node-saml keeps request ids through this: in the database, so any process can take the answer,
 * once. The row's value is node-saml's timestamp, a space, and the hash of the starting browser's
 * nonce; `claimed` gets that hash for the request the answer took.
 */
function requestCache(
  options: ApiOptions,
  teamId: string,
  claimed: Map<string, string>,
  nonceHash = '',
): CacheProvider {
  return {
    saveAsync: (key, value) => db.saveSsoRequest(options.db, teamId, key, `${value} ${nonceHash}`),
    getAsync: async (key) => (await db.getSsoRequest(options.db, key, teamId))?.value.split(' ')[0] ?? null,
    removeAsync: async (key) => {
      const value = key ? await db.takeSsoRequest(options.db, key) : null;
      if (key && value) claimed.set(key, value.split(' ')[1] ?? '');
      return value;
    },
  };
}

function samlFor(options: ApiOptions, sso: db.TeamSso, claimed = new Map<string, string>(), nonceHash = ''): SAML {
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
    cacheProvider: requestCache(options, sso.teamId, claimed, nonceHash),
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

/**
 * Where to send the browser to sign in with the team's identity provider (HTTP-Redirect binding),
 * and the nonce to keep in that browser's SSO_NONCE_COOKIE.
 */
export async function start(
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
  const nonce = randomBytes(32).toString('base64url');
  const url = await samlFor(options, sso, undefined, sha256(nonce)).getAuthorizeUrlAsync(next, undefined, {});
  return { url, nonce };
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

interface Ticket {
  teamId: string;
  email: string;
  name: string | null;
  next: string;
  nonceHash: string;
  expiresAt: number;
}

/**
 * Checks the IdP's POST to the ACS. It logs no one in: the browser posting it may not be the one
 * that started the sign-in, and the nonce cookie does not come with a cross-site POST. It answers
 * a one-use ticket for `complete`, which the browser reaches top-level with its cookie. The e-mail
 * must be in the team's verified domain, so one team's IdP can never sign in someone else's account.
 */
export async function finish(options: ApiOptions, form: { SAMLResponse: string; RelayState?: string }) {
  const requestId = inResponseTo(form.SAMLResponse);
  const pending = requestId.startsWith(TICKET_PREFIX) ? null : await db.getSsoRequest(options.db, requestId);
  if (!pending) throw refused('This SAML response was already used or has expired. Start the sign-in again.');
  const sso = await db.teamSsoByTeam(options.db, pending.teamId);
  if (!sso?.domain || !sso.domainVerifiedAt) throw refused('This team cannot sign anyone in with SSO any more.');
  const claimed = new Map<string, string>();
  let profile: Record<string, unknown> | null;
  try {
    ({ profile } = await samlFor(options, sso, claimed).validatePostResponseAsync({ SAMLResponse: form.SAMLResponse }));
  } catch (error) {
    throw refused(`The identity provider's answer was refused: ${(error as Error).message}.`);
  }
  const nonceHash = claimed.get(requestId);
  if (nonceHash === undefined) throw refused('This SAML response was already used. Start the sign-in again.');
  // A request kept before sign-ins were bound to a browser has no nonce: it cannot be completed.
  if (!nonceHash) throw refused(OTHER_BROWSER);
  const email = profile ? emailOf(profile) : null;
  if (!email) throw refused('The identity provider sent no e-mail address (NameID or an "email" attribute).');
  if (db.normalizeEmail(email).split('@')[1] !== sso.domain)
    throw refused(`${email} is not in ${sso.domain}, the domain this team signs in with SSO.`);
  const relay = form.RelayState;
  const ticket: Ticket = {
    teamId: sso.teamId,
    email,
    name: typeof profile?.name === 'string' ? profile.name : null,
    next: relay && isValidLinkTarget(relay) ? relay : `/${sso.slug}`,
    nonceHash,
    expiresAt: Date.now() + SSO_TICKET_TTL_MS,
  };
  const secret = randomBytes(32).toString('base64url');
  await db.saveSsoRequest(options.db, sso.teamId, `${TICKET_PREFIX}${sha256(secret)}`, JSON.stringify(ticket));
  return { ticket: secret };
}

/**
 * The browser's top-level visit after the ACS: the ticket is taken (once), the nonce cookie must be
 * the one of the browser that started the sign-in, then the person is logged in: their account by
 * e-mail, made if new, joins the team with its default role.
 */
export async function complete(options: ApiOptions, input: { ticket: string; nonce?: string }, client: Client) {
  const stored = await db.takeSsoRequest(options.db, `${TICKET_PREFIX}${sha256(input.ticket)}`);
  let ticket: Ticket | null = null;
  try {
    ticket = stored ? (JSON.parse(stored) as Ticket) : null;
  } catch {}
  if (!ticket || typeof ticket.nonceHash !== 'string' || !(ticket.expiresAt > Date.now()))
    throw refused('This sign-in link was already used or has expired. Start the sign-in again.');
  const given = Buffer.from(sha256(input.nonce ?? ''), 'hex');
  const expected = Buffer.from(ticket.nonceHash, 'hex');
  if (!input.nonce || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refused(OTHER_BROWSER);
  const sso = await db.getTeamSso(options.db, ticket.teamId);
  if (!sso?.domain || !sso.domainVerifiedAt) throw refused('This team cannot sign anyone in with SSO any more.');
  const user = await userFor(options, ticket.email, ticket.name);
  const joined = await db.joinTeamBySso(options.db, sso.teamId, user.id, sso.defaultRole);
  if (joined) await syncSeats(options, sso.teamId);
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
  return {
    cookie: { token: session.token, expiresAt: session.expiresAt, scopeSlug: team.slug },
    next: ticket.next,
  };
}
