// Moving projects between accounts: the project, its deployments and aliases change team in one
// transaction, all or nothing; a name already taken in the destination stops the whole move.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { aliases, deployments, projects } from '../schema';
import type { Project } from './projects';

export async function transferProjects(
  db: Db,
  input: { fromTeamId: string; toTeamId: string; projectIds: string[] },
): Promise<Project[]> {
  const ids = [...new Set(input.projectIds)];
  if (!ids.length) throw new DomainError('bad_request', 'Choose at least one project to transfer.');
  if (ids.length > 100) throw new DomainError('bad_request', 'Transfer at most 100 projects at once.');
  if (input.fromTeamId === input.toTeamId)
    throw new DomainError('bad_request', 'The projects are already in this account. Choose another destination.');
  return db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.teamId, input.fromTeamId), inArray(projects.id, ids)));
    if (found.length !== ids.length) {
      const missing = ids.filter((id) => !found.some((p) => p.id === id));
      throw new DomainError('not_found', `Project(s) ${missing.join(', ')} were not found in the source account.`);
    }
    const clashes = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(
        and(
          eq(projects.teamId, input.toTeamId),
          inArray(
            projects.name,
            found.map((p) => p.name),
          ),
        ),
      );
    if (clashes.length) {
      throw new DomainError(
        'conflict',
        `The destination already has project(s) named ${clashes.map((c) => `"${c.name}"`).join(', ')}. Rename them first.`,
      );
    }
    const now = new Date();
    const moved = await tx
      .update(projects)
      .set({ teamId: input.toTeamId, updatedAt: now })
      .where(inArray(projects.id, ids))
      .returning();
    await tx.update(deployments).set({ teamId: input.toTeamId }).where(inArray(deployments.projectId, ids));
    await tx.update(aliases).set({ teamId: input.toTeamId, updatedAt: now }).where(inArray(aliases.projectId, ids));
    return moved;
  });
}
