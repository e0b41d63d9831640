// Team domains and project domains (schema/domains.ts). A project domain is served only while its
// team's domain for the apex is verified, so verifying, losing or removing a team domain changes what
// the edge serves: every such change notifies each affected host on `nimbus_alias` in the same
// transaction, like promote. A domain another team verified moves only on a TXT proof holding the
// new team's own token (`recordCheck`).
import { and, desc, eq, inArray, like, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId, randomString } from '../ids';
import { aliases, type DomainCheckResult, domains, projectDomains } from '../schema';
import { notifyAlias } from './aliases';
import { recordHookEvent } from './hooks';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type { DomainCheckResult } from '../schema';
export type TeamDomain = typeof domains.$inferSelect;
export type ProjectDomain = typeof projectDomains.$inferSelect & { verified: boolean };

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Recheck delays: unverified or misconfigured domains back off from 1 minute to 1 hour; verified and configured ones every 6 hours. */
const RETRY_MIN_MS = 60_000;
const RETRY_MAX_MS = 3_600_000;
const HEALTHY_MS = 6 * 3_600_000;

export function nextCheckDelay(healthy: boolean, failedChecks: number): number {
  if (healthy) return HEALTHY_MS;
  return Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(failedChecks, 10));
}

export async function listTeamDomains(db: Db, teamId: string, page: { limit: number; until?: number }) {
  return db
    .select()
    .from(domains)
    .where(and(eq(domains.teamId, teamId), page.until ? lt(domains.createdAt, new Date(page.until)) : undefined))
    .orderBy(desc(domains.createdAt))
    .limit(page.limit);
}

export async function findTeamDomain(db: Db | Tx, teamId: string, name: string): Promise<TeamDomain | null> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.teamId, teamId), eq(domains.name, name)));
  return row ?? null;
}

export async function getTeamDomain(db: Db, teamId: string, name: string): Promise<TeamDomain> {
  const row = await findTeamDomain(db, teamId, name);
  if (!row) throw notFound(`The domain "${name}" in this team`);
  return row;
}

/** The team's row for an apex, created unverified with a new token if missing (null when it existed). */
export async function insertTeamDomain(tx: Db | Tx, teamId: string, name: string, creatorId: string | null) {
  const [row] = await tx
    .insert(domains)
    .values({ id: newId('dom'), name, teamId, creatorId, verificationToken: randomString(32, TOKEN_ALPHABET) })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Adds an apex to the team; `domain_already_exists` when the team has it already. */
export async function addTeamDomain(db: Db, input: { teamId: string; name: string; creatorId: string | null }) {
  const row = await insertTeamDomain(db, input.teamId, input.name, input.creatorId);
  if (!row) throw new DomainError('conflict', `The domain "${input.name}" is already in this team.`);
  await recordHookEvent(db, { teamId: input.teamId, type: 'domain.created', payload: { domain: { name: row.name } } });
  return row;
}

/** Hosts that stop serving when the team loses `name`: its project domains and custom aliases on it. */
async function hostsOnDomain(tx: Tx, teamId: string, name: string): Promise<string[]> {
  const [pds, als] = await Promise.all([
    tx
      .select({ host: projectDomains.name })
      .from(projectDomains)
      .where(and(eq(projectDomains.teamId, teamId), eq(projectDomains.apexName, name))),
    tx
      .select({ host: aliases.host })
      .from(aliases)
      .where(and(eq(aliases.teamId, teamId), or(eq(aliases.host, name), like(aliases.host, `%.${name}`)))),
  ]);
  return [...pds, ...als].map((r) => r.host);
}

/** Removes the team's domain with its project domains and custom aliases on it; returns the hosts that stopped serving. */
export async function removeTeamDomain(db: Db, teamId: string, name: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await findTeamDomain(tx, teamId, name);
    if (!row) throw notFound(`The domain "${name}" in this team`);
    const hosts = await hostsOnDomain(tx, teamId, name);
    await tx.delete(projectDomains).where(and(eq(projectDomains.teamId, teamId), eq(projectDomains.apexName, name)));
    await tx
      .delete(aliases)
      .where(and(eq(aliases.teamId, teamId), or(eq(aliases.host, name), like(aliases.host, `%.${name}`))));
    await tx.delete(domains).where(eq(domains.id, row.id));
    for (const host of hosts) await notifyAlias(tx, host);
    return hosts;
  });
}

/**
 * Stores a DNS check. When the TXT answer holds this team's token and the domain is not verified
 * yet, it becomes verified, and any other team that held it loses it (its custom aliases on it are
 * deleted; its project domains stay, unverified). Verification is kept when the TXT record is later
 * removed: only another team's proof takes it away. Returns the row, the hosts whose serving changed
 * and the teams that lost the domain.
 */
export async function recordCheck(
  db: Db,
  id: string,
  check: DomainCheckResult,
  proven: boolean,
): Promise<{ domain: TeamDomain; hosts: string[]; verifiedNow: boolean; takenFrom: string[] }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(domains).where(eq(domains.id, id)).for('update');
    if (!current) throw notFound('The domain');
    const hosts: string[] = [];
    const takenFrom: string[] = [];
    const verifyNow = proven && !current.verified;
    if (verifyNow) {
      const losers = await tx
        .select()
        .from(domains)
        .where(and(eq(domains.name, current.name), eq(domains.verified, true), ne(domains.id, id)))
        .for('update');
      for (const loser of losers) {
        takenFrom.push(loser.teamId);
        hosts.push(...(await hostsOnDomain(tx, loser.teamId, loser.name)));
        await tx
          .delete(aliases)
          .where(
            and(
              eq(aliases.teamId, loser.teamId),
              or(eq(aliases.host, loser.name), like(aliases.host, `%.${loser.name}`)),
            ),
          );
        await tx
          .update(domains)
          .set({ verified: false, verifiedAt: null, nextCheckAt: new Date(), updatedAt: new Date() })
          .where(eq(domains.id, loser.id));
      }
      hosts.push(...(await hostsOnDomain(tx, current.teamId, current.name)));
    }
    const verified = current.verified || verifyNow;
    const healthy = verified && check.configuredBy !== null;
    const failedChecks = healthy ? 0 : current.failedChecks + 1;
    const now = new Date();
    const [domain] = await tx
      .update(domains)
      .set({
        verified,
        verifiedAt: verifyNow ? now : current.verifiedAt,
        lastCheck: check,
        checkedAt: now,
        failedChecks,
        nextCheckAt: new Date(now.getTime() + nextCheckDelay(healthy, current.failedChecks)),
        updatedAt: now,
      })
      .where(eq(domains.id, id))
      .returning();
    for (const host of new Set(hosts)) await notifyAlias(tx, host);
    // A domain that served and stopped (notifications only; not a webhook event).
    if (current.verified && current.failedChecks === 0 && current.checkedAt && !healthy)
      await recordHookEvent(tx, {
        teamId: current.teamId,
        type: 'domain.unhealthy',
        payload: { domain: { name: current.name } },
      });
    return { domain: domain!, hosts: [...new Set(hosts)], verifiedNow: verifyNow, takenFrom };
  });
}

/**
 * Domains whose recheck is due, oldest first, claimed for `leaseMs` (their next check moves past it)
 * so several workers never look the same domain up at once; `recordCheck` then sets the real next time.
 */
export async function claimDueDomains(db: Db, now: Date, limit: number, leaseMs = 5 * 60_000): Promise<TeamDomain[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: domains.id })
      .from(domains)
      .where(lte(domains.nextCheckAt, now))
      .orderBy(domains.nextCheckAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(domains)
      .set({ nextCheckAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          domains.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** Project domains with `verified`: the team's domain for their apex is verified. */
function projectDomainQuery(db: Db | Tx) {
  return db
    .select({ pd: projectDomains, verified: sql<boolean>`coalesce(${domains.verified}, false)` })
    .from(projectDomains)
    .leftJoin(domains, and(eq(domains.teamId, projectDomains.teamId), eq(domains.name, projectDomains.apexName)));
}

const flat = (rows: { pd: typeof projectDomains.$inferSelect; verified: boolean }[]): ProjectDomain[] =>
  rows.map((r) => ({ ...r.pd, verified: Boolean(r.verified) }));

export async function listProjectDomains(db: Db, projectId: string): Promise<ProjectDomain[]> {
  return flat(
    await projectDomainQuery(db).where(eq(projectDomains.projectId, projectId)).orderBy(projectDomains.createdAt),
  );
}

/** Project domains of the team named `name` (`vercel domains inspect` lists the projects using an apex). */
export async function projectDomainsOnApex(db: Db, teamId: string, apex: string): Promise<ProjectDomain[]> {
  return flat(
    await projectDomainQuery(db)
      .where(and(eq(projectDomains.teamId, teamId), eq(projectDomains.apexName, apex)))
      .orderBy(projectDomains.createdAt),
  );
}

export async function getProjectDomain(db: Db | Tx, projectId: string, name: string): Promise<ProjectDomain> {
  const [row] = flat(
    await projectDomainQuery(db).where(and(eq(projectDomains.projectId, projectId), eq(projectDomains.name, name))),
  );
  if (!row) throw notFound(`The domain "${name}" of this project`);
  return row;
}

interface DomainSettings {
  redirect?: string | null;
  redirectStatusCode?: number | null;
  gitBranch?: string | null;
}

/** A redirect must name another domain of the same project. */
async function checkRedirect(tx: Tx, projectId: string, name: string, redirect: string | null | undefined) {
  if (!redirect) return;
  if (redirect === name) throw new DomainError('bad_request', 'A domain cannot redirect to itself.');
  const [target] = await tx
    .select({ id: projectDomains.id })
    .from(projectDomains)
    .where(and(eq(projectDomains.projectId, projectId), eq(projectDomains.name, redirect)));
  if (!target)
    throw new DomainError('bad_request', `Add "${redirect}" to this project first, then redirect "${name}" to it.`);
}

/** Adds a name to a project, and its apex to the team if missing (to be verified there). */
export async function addProjectDomain(
  db: Db,
  input: { teamId: string; projectId: string; name: string; apex: string; creatorId: string | null } & DomainSettings,
): Promise<ProjectDomain> {
  return db.transaction(async (tx) => {
    await checkRedirect(tx, input.projectId, input.name, input.redirect);
    await insertTeamDomain(tx, input.teamId, input.apex, input.creatorId);
    const [row] = await tx
      .insert(projectDomains)
      .values({
        id: newId('pdm'),
        projectId: input.projectId,
        teamId: input.teamId,
        name: input.name,
        apexName: input.apex,
        redirect: input.redirect ?? null,
        redirectStatusCode: input.redirect ? (input.redirectStatusCode ?? 308) : null,
        gitBranch: input.gitBranch ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [other] = await tx
        .select({ projectId: projectDomains.projectId })
        .from(projectDomains)
        .where(and(eq(projectDomains.teamId, input.teamId), eq(projectDomains.name, input.name)));
      throw new DomainError(
        'conflict',
        other?.projectId === input.projectId
          ? `The domain "${input.name}" is already on this project.`
          : `The domain "${input.name}" is already on another project of this team; remove it there first.`,
        { projectId: other?.projectId },
      );
    }
    await notifyAlias(tx, input.name);
    return getProjectDomain(tx, input.projectId, input.name);
  });
}

export async function updateProjectDomain(
  db: Db,
  projectId: string,
  name: string,
  settings: DomainSettings,
): Promise<ProjectDomain> {
  return db.transaction(async (tx) => {
    const current = await getProjectDomain(tx, projectId, name);
    const redirect = settings.redirect === undefined ? current.redirect : settings.redirect;
    await checkRedirect(tx, projectId, name, redirect);
    await tx
      .update(projectDomains)
      .set({
        redirect,
        redirectStatusCode: redirect ? (settings.redirectStatusCode ?? current.redirectStatusCode ?? 308) : null,
        gitBranch: settings.gitBranch === undefined ? current.gitBranch : settings.gitBranch,
        updatedAt: new Date(),
      })
      .where(eq(projectDomains.id, current.id));
    await notifyAlias(tx, name);
    return getProjectDomain(tx, projectId, name);
  });
}

/** Removes a project domain; other domains redirecting to it stop redirecting. */
export async function removeProjectDomain(db: Db, projectId: string, name: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const current = await getProjectDomain(tx, projectId, name);
    const redirecting = await tx
      .update(projectDomains)
      .set({ redirect: null, redirectStatusCode: null, updatedAt: new Date() })
      .where(and(eq(projectDomains.projectId, projectId), eq(projectDomains.redirect, name)))
      .returning({ name: projectDomains.name });
    await tx.delete(projectDomains).where(eq(projectDomains.id, current.id));
    const hosts = [name, ...redirecting.map((r) => r.name)];
    for (const host of hosts) await notifyAlias(tx, host);
    return hosts;
  });
}

/** Whether `teamId` holds a verified domain for `apex` (aliases on full names need one). */
export async function teamVerifiedDomain(db: Db, teamId: string, apex: string): Promise<boolean> {
  const row = await findTeamDomain(db, teamId, apex);
  return Boolean(row?.verified);
}
