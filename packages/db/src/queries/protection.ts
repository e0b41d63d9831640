// Deployment protection of a project (docs/architecture.md, "Deployment protection"): what the edge
// loads once per project and caches, the settings the API changes, and the membership check of the
// hand-off from the dashboard to a protected deployment.
import { verify } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { memberships, projects } from '../schema';
import { hostAnswer } from './edge';

/** The settings the edge applies; null when the project is gone. */
export async function protectionOf(db: Db, projectId: string) {
  const [row] = await db
    .select({
      ssoProtection: projects.ssoProtection,
      passwordProtection: projects.passwordProtection,
      passwordHash: projects.protectionPasswordHash,
      bypass: projects.protectionBypass,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ?? null;
}

export type ProtectionSettings = NonNullable<Awaited<ReturnType<typeof protectionOf>>>;

/** Whether the user is a member of the team, in any role. */
export async function isTeamMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)))
    .limit(1);
  return !!row;
}

/** The project and team of the deployment served at a host label (its own or an alias), for the hand-off. */
export async function ownerAtHost(db: Db, key: string): Promise<{ projectId: string; teamId: string } | null> {
  const { deployment } = await hostAnswer(db, key);
  return deployment ? { projectId: deployment.projectId, teamId: deployment.teamId } : null;
}

/** Whether `password` matches a protection password's Argon2id hash. */
export async function protectionPasswordMatches(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
