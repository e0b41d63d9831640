// SAML single sign-on rows (schema/sso.ts): a team's identity provider, its verified e-mail domain,
// pending AuthnRequest ids and the sessions' last SSO sign-in per team.
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { randomString } from '../ids';
import { memberships, ssoLogins, ssoRequests, teamSso, teams } from '../schema';

export type TeamSso = typeof teamSso.$inferSelect;
export type SsoRole = TeamSso['defaultRole'];

/** How long an AuthnRequest waits for its answer before it counts as unknown. */
export const SSO_REQUEST_TTL_MS = 10 * 60_000;

export async function getTeamSso(db: Db, teamId: string): Promise<TeamSso | null> {
  const [row] = await db.select().from(teamSso).where(eq(teamSso.teamId, teamId));
  return row ?? null;
}

/** Sets the identity provider; a team's domain, token and enforcement stay as they were. */
export async function saveTeamIdp(
  db: Db,
  teamId: string,
  idp: { idpEntityId: string; idpSsoUrl: string; idpCertificate: string; metadataUrl: string | null },
): Promise<TeamSso> {
  const [row] = await db
    .insert(teamSso)
    .values({ teamId, ...idp, domainToken: randomString(32) })
    .onConflictDoUpdate({ target: teamSso.teamId, set: { ...idp, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Changes domain, enforcement or default role; a new domain must be proven again. */
export async function updateTeamSso(
  db: Db,
  teamId: string,
  patch: { domain?: string | null; enforced?: boolean; defaultRole?: SsoRole },
): Promise<TeamSso> {
  const current = await getTeamSso(db, teamId);
  if (!current) throw new DomainError('not_found', 'Add an identity provider first.');
  const domainChanged = patch.domain !== undefined && patch.domain !== current.domain;
  const [row] = await db
    .update(teamSso)
    .set({ ...patch, ...(domainChanged ? { domainVerifiedAt: null } : {}), updatedAt: new Date() })
    .where(eq(teamSso.teamId, teamId))
    .returning();
  return row!;
}

export async function markSsoDomainVerified(db: Db, teamId: string, domain: string): Promise<TeamSso> {
  const other = await teamSsoByDomain(db, domain);
  if (other && other.teamId !== teamId)
    throw new DomainError('conflict', `Another team already verified ${domain} for single sign-on.`);
  const [row] = await db
    .update(teamSso)
    .set({ domainVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(teamSso.teamId, teamId), eq(teamSso.domain, domain)))
    .returning();
  if (!row) throw new DomainError('conflict', 'The domain changed meanwhile. Verify it again.');
  return row;
}

export async function deleteTeamSso(db: Db, teamId: string): Promise<void> {
  await db.delete(teamSso).where(eq(teamSso.teamId, teamId));
}

/** The team whose verified domain is `domain`, for "Log in with SSO" by e-mail address. */
export async function teamSsoByDomain(db: Db, domain: string): Promise<(TeamSso & { slug: string }) | null> {
  const [row] = await db
    .select({ sso: teamSso, slug: teams.slug })
    .from(teamSso)
    .innerJoin(teams, eq(teams.id, teamSso.teamId))
    .where(and(eq(teamSso.domain, domain), isNotNull(teamSso.domainVerifiedAt)));
  return row ? { ...row.sso, slug: row.slug } : null;
}

/** A team's SSO setup by team id or slug, for the public sign-in start. */
export async function teamSsoByTeam(db: Db, idOrSlug: string): Promise<(TeamSso & { slug: string }) | null> {
  const [row] = await db
    .select({ sso: teamSso, slug: teams.slug })
    .from(teamSso)
    .innerJoin(teams, eq(teams.id, teamSso.teamId))
    .where(idOrSlug.startsWith('team_') ? eq(teams.id, idOrSlug) : eq(teams.slug, idOrSlug));
  return row ? { ...row.sso, slug: row.slug } : null;
}

export async function saveSsoRequest(
  db: Db,
  teamId: string,
  id: string,
  value: string,
): Promise<{ value: string; createdAt: number }> {
  await db.delete(ssoRequests).where(lt(ssoRequests.createdAt, new Date(Date.now() - SSO_REQUEST_TTL_MS)));
  const [row] = await db.insert(ssoRequests).values({ id, teamId, value }).returning();
  return { value: row!.value, createdAt: row!.createdAt.getTime() };
}

/** A pending request id (any team when `teamId` is omitted), or null when unknown, used or too old. */
export async function getSsoRequest(
  db: Db,
  id: string,
  teamId?: string,
): Promise<{ teamId: string; value: string } | null> {
  const [row] = await db.select().from(ssoRequests).where(eq(ssoRequests.id, id));
  if (!row || row.createdAt.getTime() < Date.now() - SSO_REQUEST_TTL_MS) return null;
  if (teamId && row.teamId !== teamId) return null;
  return { teamId: row.teamId, value: row.value };
}

/** Deletes the request id and says whether it was still there: only one answer can claim it. */
export async function takeSsoRequest(db: Db, id: string): Promise<string | null> {
  const [row] = await db.delete(ssoRequests).where(eq(ssoRequests.id, id)).returning();
  return row?.value ?? null;
}

export async function recordSsoLogin(db: Db, sessionId: string, teamId: string): Promise<void> {
  await db
    .insert(ssoLogins)
    .values({ sessionId, teamId })
    .onConflictDoUpdate({ target: [ssoLogins.sessionId, ssoLogins.teamId], set: { at: new Date() } });
}

export async function lastSsoLogin(db: Db, sessionId: string, teamId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: ssoLogins.at })
    .from(ssoLogins)
    .where(and(eq(ssoLogins.sessionId, sessionId), eq(ssoLogins.teamId, teamId)));
  return row?.at ?? null;
}

/** Just-in-time membership: a user the team's identity provider vouches for joins with the default role. */
export async function joinTeamBySso(db: Db, teamId: string, userId: string, role: SsoRole): Promise<boolean> {
  const added = await db
    .insert(memberships)
    .values({ teamId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  return added.length > 0;
}
