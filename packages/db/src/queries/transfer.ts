// Moving projects between accounts: the project, its deployments and aliases change team in one
// transaction, all or nothing; a name already taken in the destination stops the whole move. Its
// custom domains go along but are served again only once the destination team proves it controls
// them (its own TXT record); aliases on a custom domain stay behind (they are deleted), since they
// were allowed by the source team's verification.
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { aliases, deployments, projectDomains, projects } from '../schema';
import { notifyAlias } from './aliases';
import { insertTeamDomain } from './domains';
import type { Project } from './projects';

export async function transferProjects(
  db: Db,
  input: { fromTeamId: string; toTeamId: string; projectIds: string[] },
): Promise<{ projects: Project[]; hosts: string[] }> {
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
    const dropped = await tx
      .delete(aliases)
      .where(and(inArray(aliases.projectId, ids), eq(aliases.kind, 'custom'), like(aliases.host, '%.%')))
      .returning({ host: aliases.host });
    await tx.update(aliases).set({ teamId: input.toTeamId, updatedAt: now }).where(inArray(aliases.projectId, ids));
    const domainsMoved = await tx.select().from(projectDomains).where(inArray(projectDomains.projectId, ids));
    if (domainsMoved.length) {
      const taken = await tx
        .select({ name: projectDomains.name })
        .from(projectDomains)
        .where(
          and(
            eq(projectDomains.teamId, input.toTeamId),
            inArray(
              projectDomains.name,
              domainsMoved.map((d) => d.name),
            ),
          ),
        );
      if (taken.length)
        throw new DomainError(
          'conflict',
          `The destination already uses ${taken.map((t) => `"${t.name}"`).join(', ')} on a project. Remove it there first.`,
        );
      for (const apex of new Set(domainsMoved.map((d) => d.apexName)))
        await insertTeamDomain(tx, input.toTeamId, apex, null);
      await tx
        .update(projectDomains)
        .set({ teamId: input.toTeamId, updatedAt: now })
        .where(inArray(projectDomains.projectId, ids));
    }
    const hosts = [...dropped.map((a) => a.host), ...domainsMoved.map((d) => d.name)];
    for (const host of hosts) await notifyAlias(tx, host);
    return { projects: moved, hosts };
  });
}
