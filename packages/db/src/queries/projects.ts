// Projects of a team: names follow the rule of @nimbus/core (the CLI and the dashboard derive them
// from folder names) and are unique per team; a deployment may find or create its project by name in
// the same request. Settings arrive validated by the API's request schema (packages/api/src/schemas/deployment-request.ts).
import { projectNameProblem } from '@nimbus/core';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId } from '../ids';
import { projects } from '../schema';
import { aliasHostsOfProject, notifyAlias } from './aliases';
import { recordHookEvent } from './hooks';
import { checkProjectLimit } from './plan-limits';

export type Project = typeof projects.$inferSelect;
export type ProjectSettings = Partial<
  Pick<
    Project,
    | 'framework'
    | 'installCommand'
    | 'buildCommand'
    | 'outputDirectory'
    | 'rootDirectory'
    | 'devCommand'
    | 'nodeVersion'
    | 'commandForIgnoringBuildStep'
  >
>;

/** The project-name rule of @nimbus/core, as the `invalid_name` error the API answers with. */
export function validateProjectName(name: string): string {
  const problem = projectNameProblem(name);
  if (problem) throw new DomainError('invalid_name', problem);
  return name;
}

export async function createProject(
  db: Db,
  teamId: string,
  { name, ...settings }: { name: string } & ProjectSettings,
): Promise<Project> {
  validateProjectName(name);
  return db.transaction(async (tx) => {
    await checkProjectLimit(tx, teamId);
    const [project] = await tx
      .insert(projects)
      .values({ id: newId('prj'), teamId, name, ...settings })
      .onConflictDoNothing()
      .returning();
    if (!project)
      throw new DomainError('conflict', `A project named "${name}" already exists in this team. Choose another name.`);
    await recordHookEvent(tx, {
      teamId,
      projectId: project.id,
      type: 'project.created',
      payload: { project: { id: project.id, name: project.name } },
    });
    return project;
  });
}

export async function findProject(db: Db, teamId: string, idOrName: string): Promise<Project | null> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.teamId, teamId), or(eq(projects.id, idOrName), eq(projects.name, idOrName))));
  return project ?? null;
}

export async function getProject(db: Db, teamId: string, idOrName: string): Promise<Project> {
  const project = await findProject(db, teamId, idOrName);
  if (!project) throw notFound(`The project "${idOrName}"`);
  return project;
}

/** The project named `name`, created with default settings when it does not exist yet. */
export async function findOrCreateProject(db: Db, teamId: string, name: string): Promise<Project> {
  const found = await findProject(db, teamId, name);
  if (found) return found;
  validateProjectName(name);
  await db.transaction(async (tx) => {
    await checkProjectLimit(tx, teamId);
    const [created] = await tx
      .insert(projects)
      .values({ id: newId('prj'), teamId, name })
      .onConflictDoNothing()
      .returning();
    if (created)
      await recordHookEvent(tx, {
        teamId,
        projectId: created.id,
        type: 'project.created',
        payload: { project: { id: created.id, name: created.name } },
      });
  });
  return getProject(db, teamId, name);
}

/** Newest first; `until` is the `pagination.next` of the previous page (a millisecond timestamp). */
export async function listProjects(db: Db, teamId: string, opts: { limit: number; until?: number; search?: string }) {
  const rows = await db
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.teamId, teamId),
        opts.until ? lt(projects.createdAt, new Date(opts.until)) : undefined,
        opts.search ? sql`position(${opts.search} in ${projects.name}) > 0` : undefined,
      ),
    )
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(opts.limit + 1);
  const items = rows.slice(0, opts.limit);
  const next = rows.length > opts.limit ? items[items.length - 1]!.createdAt.getTime() : null;
  return { items, next };
}

/** What updateProject writes; the analytics switches go through setAnalyticsSwitches, which tells the edges. */
export type ProjectChanges = ProjectSettings &
  Partial<
    Pick<
      Project,
      | 'name'
      | 'ssoProtection'
      | 'passwordProtection'
      | 'protectionPasswordHash'
      | 'protectionBypass'
      | 'productionBranch'
      | 'gitLink'
    >
  >;

export async function updateProject(
  db: Db,
  teamId: string,
  idOrName: string,
  { name, ...changes }: ProjectChanges,
): Promise<Project> {
  const project = await getProject(db, teamId, idOrName);
  const values: Partial<Project> = { ...changes, updatedAt: new Date() };
  if (name !== undefined && name !== project.name) {
    values.name = validateProjectName(name);
    if (await findProject(db, teamId, values.name)) {
      throw new DomainError(
        'conflict',
        `A project named "${values.name}" already exists in this team. Choose another name.`,
      );
    }
  }
  const [updated] = await db.update(projects).set(values).where(eq(projects.id, project.id)).returning();
  return updated!;
}

/** Deletes the project with its deployments and aliases; returns the hosts that stopped serving. */
export async function deleteProject(
  db: Db,
  teamId: string,
  idOrName: string,
): Promise<{ project: Project; hosts: string[] }> {
  const project = await getProject(db, teamId, idOrName);
  return db.transaction(async (tx) => {
    const hosts = await aliasHostsOfProject(tx, project.id);
    await tx.delete(projects).where(eq(projects.id, project.id));
    await recordHookEvent(tx, {
      teamId,
      projectId: project.id,
      type: 'project.removed',
      payload: { project: { id: project.id, name: project.name } },
    });
    for (const host of hosts) await notifyAlias(tx, host);
    return { project, hosts };
  });
}
