// Team domains in Vercel's shapes (`vercel domains ls|add|inspect|rm`, the SDK's `domains.*`): an
// apex the team claims, verified by a TXT record with the team's own token, plus the DNS check that
// says what to set (`/v6/domains/{d}/config`). Nimbus hosts no DNS zones and sells no domains: those
// calls answer `dns_not_supported` / `registrar_not_supported` with the records to set instead.
import { checkDomain } from '@nimbus/core';
import * as db from '@nimbus/db';
import {
  caddyDataDir,
  createDomainChecker,
  type DnsSettings,
  type DomainChecker,
  listCertificates,
  proves,
  verificationRecord,
} from '@nimbus/engine';
import { page } from '../serialize';
import { authorize } from './access';
import { audit } from './audit';
import type { ServiceContext } from './context';
import type { ApiOptions } from './options';

const checkers = new WeakMap<ApiOptions, DomainChecker>();
const NO_DNS: DnsSettings = { servers: [], edgeIPv4: [], edgeIPv6: [], cnameTarget: null };

/** The resolver of this API (NIMBUS_DNS_SERVERS ...), made once. */
export function checkerOf(options: ApiOptions): DomainChecker {
  let checker = checkers.get(options);
  if (!checker) {
    checker = createDomainChecker(options.dns ?? NO_DNS);
    checkers.set(options, checker);
  }
  return checker;
}

/** A name from the caller, normalised; 400 `invalid_domain` with the reason otherwise. */
export function parseDomain(ctx: ServiceContext, input: string): { name: string; apex: string } {
  const check = checkDomain(decodeURIComponent(input), ctx.options.deployDomain);
  if (!check.ok) throw new db.DomainError('invalid_domain', check.message);
  return check;
}

/** Tells the edges of this process and (through pg_notify, sent by the query) the others. */
export function announce(ctx: ServiceContext, hosts: string[]): void {
  const events = ctx.options.engine?.events;
  for (const host of hosts) events?.emit('alias', host);
}

export function verificationJson(domain: db.TeamDomain) {
  const record = verificationRecord(domain.name);
  return {
    type: 'TXT',
    domain: record.name,
    value: record.value(domain.verificationToken),
    reason: 'pending_domain_verification',
  };
}

async function creators(ctx: ServiceContext, rows: db.TeamDomain[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.creatorId ? [r.creatorId] : [])))];
  const users = await Promise.all(ids.map((id) => db.getUser(ctx.db, id).catch(() => null)));
  return new Map(users.flatMap((u) => (u ? [[u.id, u] as const] : [])));
}

function domainJson(d: db.TeamDomain, creator: { id: string; username: string; email: string } | undefined) {
  return {
    id: d.id,
    name: d.name,
    teamId: d.teamId,
    userId: d.creatorId ?? '',
    creator: {
      id: creator?.id ?? d.creatorId ?? '',
      username: creator?.username ?? 'unknown',
      email: creator?.email ?? '',
      customerId: null,
      isDomainReseller: false,
    },
    boughtAt: null,
    orderedAt: null,
    expiresAt: null,
    transferredAt: null,
    createdAt: d.createdAt.getTime(),
    serviceType: 'external' as const,
    nameservers: [] as string[],
    intendedNameservers: [] as string[],
    customNameservers: [] as string[],
    renew: false,
    suffix: false,
    zone: false,
    echMode: 'disabled' as const,
    verified: d.verified,
    verifiedAt: d.verifiedAt?.getTime() ?? null,
    verification: d.verified ? [] : [verificationJson(d)],
    configuredBy: d.lastCheck?.configuredBy ?? null,
    checkedAt: d.checkedAt?.getTime() ?? null,
  };
}

async function domainsJson(ctx: ServiceContext, rows: db.TeamDomain[]) {
  const users = await creators(ctx, rows);
  return rows.map((r) => domainJson(r, r.creatorId ? users.get(r.creatorId) : undefined));
}

export async function list(ctx: ServiceContext, query: { limit: number; until?: number }) {
  const scope = await authorize(ctx, 'domain:read');
  const rows = await db.listTeamDomains(ctx.db, scope.teamId, { limit: query.limit + 1, until: query.until });
  const items = rows.slice(0, query.limit);
  const next = rows.length > query.limit ? items.at(-1)!.createdAt.getTime() : null;
  return { domains: await domainsJson(ctx, items), pagination: page(items, next) };
}

/**
 * The deploy domain as the team sees it: every team may alias labels under it, so it reads as one of
 * the team's verified domains (`vercel alias set x my-alias.<deploy domain>` looks it up first).
 */
function deployDomainJson(ctx: ServiceContext, teamId: string) {
  const name = ctx.options.deployDomain;
  return {
    ...domainJson(
      {
        id: `dom_${name}`,
        name,
        teamId,
        creatorId: null,
        verificationToken: '',
        verified: true,
        verifiedAt: null,
        lastCheck: null,
        checkedAt: null,
        nextCheckAt: new Date(0),
        failedChecks: 0,
        createdAt: new Date(0),
        updatedAt: new Date(0),
      },
      { id: '', username: 'nimbus', email: '' },
    ),
    configuredBy: 'A' as const,
  };
}

export async function get(ctx: ServiceContext, input: string) {
  const scope = await authorize(ctx, 'domain:read');
  const { deployDomain } = ctx.options;
  const raw = decodeURIComponent(input).trim().toLowerCase();
  if (raw === deployDomain || raw.endsWith(`.${deployDomain}`)) return { domain: deployDomainJson(ctx, scope.teamId) };
  const { name, apex } = parseDomain(ctx, input);
  // A subdomain reads as its apex, the team's domain it belongs to (`alias set` looks up the alias's domain).
  const row =
    (await db.findTeamDomain(ctx.db, scope.teamId, name)) ?? (await db.getTeamDomain(ctx.db, scope.teamId, apex));
  const [domain] = await domainsJson(ctx, [row]);
  return { domain: domain! };
}

/** `POST /v7/domains`: an apex only (a subdomain goes to a project); it stays unverified until its TXT record is seen. */
export async function add(ctx: ServiceContext, input: string) {
  const scope = await authorize(ctx, 'domain:write');
  const { name, apex } = parseDomain(ctx, input);
  if (name !== apex)
    throw new db.DomainError(
      'invalid_domain',
      `"${name}" is a subdomain: add ${apex} to the team, or add ${name} to a project (\`vercel domains add ${name} <project>\`).`,
    );
  const row = await db.addTeamDomain(ctx.db, { teamId: scope.teamId, name, creatorId: ctx.actor.user.id });
  await audit(ctx, 'domain.added', { type: 'domain', id: row.id, name }, {}, scope.teamId);
  const [domain] = await domainsJson(ctx, [row]);
  return { domain: domain! };
}

export async function remove(ctx: ServiceContext, input: string) {
  const scope = await authorize(ctx, 'domain:write');
  const { name } = parseDomain(ctx, input);
  const row = await db.getTeamDomain(ctx.db, scope.teamId, name);
  announce(ctx, await db.removeTeamDomain(ctx.db, scope.teamId, name));
  await audit(ctx, 'domain.removed', { type: 'domain', id: row.id, name: row.name }, {}, scope.teamId);
  return { uid: row.id };
}

/**
 * Looks the team's domain up in DNS now, stores what it saw, and verifies it when the TXT record
 * holds this team's token (taking it from another team that held it).
 */
export async function verifyTeamDomain(ctx: ServiceContext, teamId: string, apex: string) {
  const row = await db.getTeamDomain(ctx.db, teamId, apex);
  const check = await checkerOf(ctx.options).check(row.name, row.name);
  const result = await db.recordCheck(ctx.db, row.id, check, proves(check, row.verificationToken));
  announce(ctx, result.hosts);
  if (result.verifiedNow) await auditVerified(ctx, row, result.takenFrom);
  return result.domain;
}

/** A verification in this team, and a `domain.taken_over` in each team that lost the domain to it. */
async function auditVerified(ctx: ServiceContext, row: db.TeamDomain, takenFrom: string[]) {
  const target = { type: 'domain', id: row.id, name: row.name } as const;
  await audit(ctx, 'domain.verified', target, takenFrom.length ? { takenFromOtherTeam: true } : {}, row.teamId);
  for (const teamId of takenFrom) await audit(ctx, 'domain.taken_over', target, {}, teamId);
}

export async function verify(ctx: ServiceContext, input: string) {
  const scope = await authorize(ctx, 'domain:write');
  const { name } = parseDomain(ctx, input);
  const [domain] = await domainsJson(ctx, [await verifyTeamDomain(ctx, scope.teamId, name)]);
  return { domain: domain! };
}

/** What a name's records should be, and whether they are (`misconfigured`), from a look-up made now. */
export async function config(ctx: ServiceContext, input: string) {
  await authorize(ctx, 'domain:read');
  const { name, apex } = parseDomain(ctx, input);
  const checker = checkerOf(ctx.options);
  const seen = await checker.check(name, apex);
  const { edgeIPv4, edgeIPv6, cnameTarget } = checker.settings;
  const isApex = name === apex;
  return {
    configuredBy: seen.configuredBy,
    acceptedChallenges: ['http-01'],
    misconfigured: seen.configuredBy === null,
    recommendedIPv4: edgeIPv4.length ? [{ rank: 1, value: edgeIPv4 }] : [],
    recommendedIPv6: edgeIPv6.length ? [{ rank: 1, value: edgeIPv6 }] : [],
    recommendedCNAME: cnameTarget && !isApex ? [{ rank: 1, value: `${cnameTarget.replace(/\.$/, '')}.` }] : [],
    /** What to set, in plain records (the dashboard shows these). */
    records: recordsFor(name, isApex, checker.settings),
    /** What the look-up saw. */
    current: { a: seen.a, aaaa: seen.aaaa, cname: seen.cname, error: seen.error },
  };
}

export function recordsFor(name: string, isApex: boolean, settings: DnsSettings) {
  if (settings.cnameTarget && !isApex) return [{ type: 'CNAME', name, value: settings.cnameTarget }];
  return [
    ...settings.edgeIPv4.map((value) => ({ type: 'A', name, value })),
    ...settings.edgeIPv6.map((value) => ({ type: 'AAAA', name, value })),
  ];
}

/** `/v1/domains/{d}/project-domains`: which projects of the team use names under this apex. */
export async function projectDomainsOf(ctx: ServiceContext, input: string) {
  const scope = await authorize(ctx, 'domain:read');
  const { name } = parseDomain(ctx, input);
  const rows = await db.projectDomainsOnApex(ctx.db, scope.teamId, name);
  const projectDomains = rows.map((r) => ({
    id: r.id,
    name: r.name,
    apexName: r.apexName,
    projectId: r.projectId,
    redirect: r.redirect,
    redirectStatusCode: r.redirectStatusCode,
    gitBranch: r.gitBranch,
    verified: r.verified,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  }));
  return { projectDomains, pagination: page(projectDomains) };
}

/** DNS-zone calls (`vercel dns ls|add|rm`): Nimbus is not a DNS host. */
export async function dnsNotSupported(ctx: ServiceContext, domain?: string): Promise<never> {
  await authorize(ctx, 'domain:read');
  const settings = checkerOf(ctx.options).settings;
  const name = domain ? decodeURIComponent(domain) : '<your domain>';
  const records = recordsFor(name, true, settings).map((r) => `${r.type} ${r.name} ${r.value}`);
  throw new db.DomainError(
    'dns_not_supported',
    `Nimbus does not host DNS: set these records at your DNS provider: ${
      records.length ? records.join('; ') : 'an A record to this server (the operator sets NIMBUS_EDGE_IPV4)'
    }, and TXT _nimbus.<apex> with the value shown by \`vercel domains inspect\`.`,
  );
}

/** Buying, renewing or transferring domains (`vercel domains buy|transfer-in|price`). */
export async function registrarNotSupported(): Promise<never> {
  throw new db.DomainError(
    'registrar_not_supported',
    'Nimbus does not sell or transfer domains. Buy the domain at a registrar, then add it with `vercel domains add`.',
  );
}

/** `vercel certs ls`: the certificates Caddy holds for names of this team (its domains and their subdomains). */
export async function certificates(ctx: ServiceContext, query: { limit: number }) {
  const scope = await authorize(ctx, 'domain:read');
  const owned = (await db.listTeamDomains(ctx.db, scope.teamId, { limit: 1000 })).filter((d) => d.verified);
  const mine = (host: string) => owned.some((d) => host === d.name || host.endsWith(`.${d.name}`));
  const certs = (await listCertificates(ctx.options.caddyDataDir ?? caddyDataDir()))
    .filter((c) => c.names.some(mine))
    .slice(0, query.limit)
    .map((c) => ({
      uid: c.id,
      cns: c.names,
      created: c.validFrom.toISOString(),
      expiration: c.validTo.toISOString(),
      autoRenew: true,
      issuer: c.issuer,
    }));
  return { certs, pagination: page(certs) };
}
