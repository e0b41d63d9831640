// Projects of a team: names follow Vercel's rules (the CLI derives them from folder names) and are
// unique per team; a deployment may find or create its project by name in the same request.
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId } from '../ids';
import { projects } from '../schema';
import { aliasHostsOfProject, notifyAlias } from './aliases';

export type Project = typeof projects.$inferSelect;
export type ProjectSettings = Partial<
  Pick<
    Project,
    'framework' | 'installCommand' | 'buildCommand' | 'outputDirectory' | 'rootDirectory' | 'devCommand' | 'nodeVersion'
  >
>;

const NAME = /^[a-z0-9._-]{1,100}$/;
export const FRAMEWORKS = ['vite', 'astro', 'nextjs', 'create-react-app'] as const;

export function validateProjectName(name: string): string {
  if (!NAME.test(name) || name.includes('---')) {
    throw new DomainError(
      'invalid_name',
      `"${name}" is not a valid project name: use up to 100 lower-case letters, digits, ".", "_" or "-", without "---".`,
    );
  }
  return name;
}

/** Settings as given by the API, with empty strings meaning "detect automatically". */
export function cleanSettings(input: Record<string, unknown>): ProjectSettings {
  const out: ProjectSettings = {};
  for (const key of [
    'framework',
    'installCommand',
    'buildCommand',
    'outputDirectory',
    'rootDirectory',
    'devCommand',
    'nodeVersion',
  ] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string')
      throw new DomainError('bad_request', `${key} must be a string or null.`);
    if (typeof value === 'string' && value.length > 1024)
      throw new DomainError('bad_request', `${key} is at most 1024 characters.`);
    (out as Record<string, string | null>)[key] = value?.trim() ? value.trim() : null;
  }
  if (out.framework && !(FRAMEWORKS as readonly string[]).includes(out.framework)) {
    throw new DomainError('bad_request', `framework must be one of ${FRAMEWORKS.join(', ')}, or null to detect it.`);
  }
  for (const key of ['outputDirectory', 'rootDirectory'] as const) {
    const dir = out[key];
    if (dir && (dir.startsWith('/') || dir.split('/').includes('..') || dir.includes('\0'))) {
      throw new DomainError('bad_request', `${key} must be a relative folder inside the project, without "..".`);
    }
  }
  if (out.nodeVersion === null) delete out.nodeVersion;
  return out;
}

export async function createProject(
  db: Db,
  teamId: string,
  input: { name: string } & Record<string, unknown>,
): Promise<Project> {
  const name = validateProjectName(input.name);
  const settings = cleanSettings(input);
  const [project] = await db
    .insert(projects)
    .values({ id: newId('prj'), teamId, name, ...settings })
    .onConflictDoNothing()
    .returning();
  if (!project)
    throw new DomainError('conflict', `A project named "${name}" already exists in this team. Choose another name.`);
  return project;
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
  await db
    .insert(projects)
    .values({ id: newId('prj'), teamId, name })
    .onConflictDoNothing();
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

export async function updateProject(
  db: Db,
  teamId: string,
  idOrName: string,
  input: Record<string, unknown>,
): Promise<Project> {
  const project = await getProject(db, teamId, idOrName);
  const values: Partial<Project> = { ...cleanSettings(input), updatedAt: new Date() };
  if (input.speedInsights !== undefined) {
    if (typeof input.speedInsights !== 'boolean')
      throw new DomainError('bad_request', 'speedInsights must be true or false.');
    values.speedInsights = input.speedInsights;
  }
  if (typeof input.name === 'string' && input.name !== project.name) {
    values.name = validateProjectName(input.name);
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
    for (const host of hosts) await notifyAlias(tx, host);
    return { project, hosts };
  });
}
