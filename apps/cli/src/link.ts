// Which project a folder deploys to: `.nimbus/project.json` holds the project and team ids (no
// secrets). The first deploy asks (or, with --yes / without a terminal, takes the defaults), finds
// or creates the project, and writes the file; later commands in that folder reuse it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '@nimbus/client';
import { projectNameFrom } from '@nimbus/core/src/deployments';
import { CliError } from './errors';
import { err, info } from './output';
import { ask } from './prompt';
import { type Session, teamQuery } from './session';

interface Link {
  projectId: string;
  teamId: string;
}

export interface LinkedProject extends Link {
  name: string;
  teamSlug: string;
}

const linkFile = (dir: string) => path.join(dir, '.nimbus', 'project.json');

export async function readLink(dir: string): Promise<Link | null> {
  try {
    const link = JSON.parse(await readFile(linkFile(dir), 'utf8')) as Partial<Link>;
    if (link.projectId && link.teamId) return { projectId: link.projectId, teamId: link.teamId };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  }
  throw new CliError(`${linkFile(dir)} is not a valid link. Delete the .nimbus folder and deploy again to link anew.`);
}

async function teamSlugOf(session: Session, teamId: string | undefined): Promise<{ id: string; slug: string }> {
  const id = teamId ?? (await session.fetch<{ user: { defaultTeamId: string } }>('/v2/user')).user.defaultTeamId;
  const team = await session.fetch<{ id: string; slug: string }>(`/teams/${encodeURIComponent(id)}`);
  return { id: team.id, slug: team.slug };
}

/** The linked project of `dir`, checked against the server; null when the folder is not linked. */
export async function linkedProject(session: Session, dir: string): Promise<LinkedProject | null> {
  const link = await readLink(dir);
  if (!link) return null;
  try {
    const project = await session.fetch<{ id: string; name: string }>(
      `/v9/projects/${encodeURIComponent(link.projectId)}`,
      { query: { teamId: link.teamId } },
    );
    const team = await teamSlugOf(session, link.teamId);
    return { ...link, name: project.name, teamSlug: team.slug };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new CliError(
        `The project linked in ${linkFile(dir)} no longer exists or you lost access to it. Delete the .nimbus folder and deploy again to link anew.`,
      );
    }
    throw error;
  }
}

/** The linked project, or a clear error for commands that need one. */
export async function requireLinkedProject(session: Session, dir = process.cwd()): Promise<LinkedProject> {
  const linked = await linkedProject(session, dir);
  if (!linked)
    throw new CliError(
      `This folder is not linked to a project. Run \`nimbus deploy\` here first (it creates ${path.join('.nimbus', 'project.json')}).`,
    );
  return linked;
}

/** First deploy: choose team and project name, find or create the project, write the link. */
export async function linkFolder(
  session: Session,
  dir: string,
  options: { name?: string; yes?: boolean; scope?: string },
): Promise<LinkedProject> {
  const current = await teamSlugOf(session, options.scope ?? teamQuery(session).teamId);
  const slug =
    options.yes || options.scope ? current.slug : await ask(`Team to deploy ${err.bold(dir)} to`, current.slug);
  const team = slug === current.slug ? current : await teamSlugOf(session, slug);
  const fallbackName = projectNameFrom(options.name ?? path.basename(dir));
  const name = options.yes || options.name ? fallbackName : await ask('Project name', fallbackName);
  let project: { id: string; name: string };
  try {
    project = await session.fetch(`/v9/projects/${encodeURIComponent(name)}`, { query: { teamId: team.id } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    project = await session.fetch('/v11/projects', { method: 'POST', query: { teamId: team.id }, body: { name } });
    info(`Created project ${err.bold(`${team.slug}/${project.name}`)}`);
  }
  await mkdir(path.dirname(linkFile(dir)), { recursive: true });
  await writeFile(linkFile(dir), `${JSON.stringify({ projectId: project.id, teamId: team.id }, null, 2)}\n`);
  return { projectId: project.id, teamId: team.id, name: project.name, teamSlug: team.slug };
}
