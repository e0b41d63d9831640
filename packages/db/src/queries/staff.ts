// Who counts as Nimbus staff (docs/spec.md §1): members of the team whose slug is the configured staff team
// (NIMBUS_STAFF_TEAM). Staff-only API routes (leads, search analytics) ask here.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { memberships, teams } from '../schema';

export async function isStaff(db: Db, userId: string, staffTeamSlug: string): Promise<boolean> {
  const [row] = await db
    .select({ teamId: teams.id })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.userId, userId), eq(teams.slug, staffTeamSlug)))
    .limit(1);
  return Boolean(row);
}
