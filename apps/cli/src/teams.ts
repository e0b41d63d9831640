// `nimbus teams ls|add|switch`: the teams you belong to, and which one commands outside linked
// folders act for (stored as `currentTeam`; unset means your default team).
import type { Command } from 'commander';
import { updateConfig } from './config';
import { info, out, print, printJson, printTable } from './output';
import { authedSession } from './session';

interface Team {
  id: string;
  slug: string;
  name: string | null;
  personal: boolean;
  membership?: { role: string };
}

export function registerTeams(program: Command): void {
  const teams = program.command('teams').description('List, create and switch teams');

  teams
    .command('ls')
    .description('List your teams; the current one is marked')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const session = await authedSession(command);
      const [{ teams: list }, { user }] = await Promise.all([
        session.fetch<{ teams: Team[] }>('/v2/teams'),
        session.fetch<{ user: { defaultTeamId: string } }>('/v2/user'),
      ]);
      const current = session.config.currentTeam ?? user.defaultTeamId;
      if (options.json) return printJson(list.map((t) => ({ ...t, current: t.id === current })));
      printTable(
        ['', 'slug', 'name', 'role'],
        list.map((t) => [
          t.id === current ? out.green('✔') : ' ',
          t.slug,
          t.name ?? '',
          `${t.membership?.role ?? ''}${t.personal ? ' (personal)' : ''}`,
        ]),
      );
    });

  teams
    .command('add <name>')
    .description('Create a team; you become its owner')
    .option('--slug <slug>', 'URL name of the team (derived from the name when absent)')
    .action(async (name: string, options: { slug?: string }, command: Command) => {
      const session = await authedSession(command);
      const team = await session.fetch<Team>('/v1/teams', {
        method: 'POST',
        body: { name, ...(options.slug ? { slug: options.slug } : {}) },
      });
      print(team.slug);
      info(`Created team ${out.bold(team.name ?? team.slug)}. Run \`nimbus teams switch ${team.slug}\` to use it.`);
    });

  teams
    .command('switch <slug>')
    .description('Make a team current for commands outside linked folders')
    .action(async (slug: string, _options: unknown, command: Command) => {
      const session = await authedSession(command);
      const team = await session.fetch<Team>(`/teams/${encodeURIComponent(slug)}`);
      await updateConfig({ currentTeam: team.id });
      info(`Now using team ${out.bold(team.slug)}.`);
    });
}
