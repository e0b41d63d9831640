// `nimbus projects ls|add|rm` for the current team (or the team of the linked folder).
import type { Command } from 'commander';
import { readLink } from './link';
import { ago, info, out, print, printJson, printTable } from './output';
import { confirmDanger } from './prompt';
import { authedSession, type Session, teamQuery } from './session';

interface Project {
  id: string;
  name: string;
  framework: string | null;
  updatedAt: number;
}

/** The team of the linked folder when there is one, else the current team. */
export async function folderTeam(session: Session): Promise<{ teamId?: string }> {
  return teamQuery(session, (await readLink(process.cwd()))?.teamId);
}

export function registerProjects(program: Command): void {
  const projects = program.command('projects').description('List, create and delete projects');

  projects
    .command('ls')
    .description('List the projects of the current team')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const session = await authedSession(command);
      const { projects: list } = await session.fetch<{ projects: Project[] }>('/v10/projects', {
        query: { ...(await folderTeam(session)), limit: 100 },
      });
      if (options.json) return printJson(list);
      if (!list.length)
        return info('No projects yet. Create one with `nimbus projects add <name>` or `nimbus deploy`.');
      printTable(
        ['name', 'framework', 'updated', 'id'],
        list.map((p) => [out.bold(p.name), p.framework ?? '-', ago(p.updatedAt), out.dim(p.id)]),
      );
    });

  projects
    .command('add <name>')
    .description('Create an empty project')
    .action(async (name: string, _options: unknown, command: Command) => {
      const session = await authedSession(command);
      const project = await session.fetch<Project>('/v11/projects', {
        method: 'POST',
        query: await folderTeam(session),
        body: { name },
      });
      print(project.name);
      info(`Created project ${out.bold(project.name)} (${project.id}).`);
    });

  projects
    .command('rm <name>')
    .description('Delete a project with all its deployments')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (name: string, options: { yes?: boolean }, command: Command) => {
      const session = await authedSession(command);
      const query = await folderTeam(session);
      const project = await session.fetch<Project>(`/v9/projects/${encodeURIComponent(name)}`, { query });
      await confirmDanger(`Delete project ${project.name} and all its deployments?`, options.yes);
      await session.fetch(`/v9/projects/${encodeURIComponent(project.id)}`, { method: 'DELETE', query });
      info(`Deleted project ${out.bold(project.name)}.`);
    });
}
