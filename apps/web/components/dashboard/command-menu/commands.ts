// What the command menu offers (Cmd/Ctrl+K): places to go (teams, the current team's projects,
// settings, account) and actions (create team, new project, theme, upgrade, log out). The internal
// commands of docs/spec.md §6 appear only in a preview environment or for staff. Pure, so it is tested alone.
import type { ScopeTeam, ScopeUser } from '../names';
import { scopeName } from '../names';

export type CommandGroup = 'Projects' | 'Teams' | 'Navigation' | 'Actions' | 'Internal';
export type CommandAction =
  | 'upgrade'
  | 'log-out'
  | 'theme-light'
  | 'theme-dark'
  | 'theme-system'
  | 'open-in-admin'
  | 'ppr-fallback-shell'
  | 'server-timing'
  | 'deploy-freeze'
  | 'open-on-localhost';

export interface Command {
  id: string;
  label: string;
  group: CommandGroup;
  /** Other words that should find it ("billing" finds "Upgrade to Pro"). */
  keywords?: string;
  href?: string;
  action?: CommandAction;
}

export interface CommandContext {
  user: ScopeUser;
  teams: readonly ScopeTeam[];
  /** The team of the page, if the page belongs to one. */
  team: ScopeTeam | undefined;
  /** The project of the page, if any, and the current team's projects. */
  project: string | null;
  projects: readonly { name: string }[];
  /** NIMBUS_ENV=preview or a staff member (docs/spec.md §6). */
  internal: boolean;
  /** Whether the deploy-freeze debug cookie is set, shown on its toggle. */
  deployFreeze?: boolean;
}

const INTERNAL: [CommandAction, string, boolean][] = [
  ['open-in-admin', 'Open in Admin', true],
  ['ppr-fallback-shell', 'Display PPR Fallback Shell', false],
  ['server-timing', 'Analyze Server Timing', false],
  ['deploy-freeze', 'Toggle Deploy Freeze Branch', false],
  ['open-on-localhost', 'Open on localhost', false],
];

export function buildCommands(ctx: CommandContext): Command[] {
  const { team } = ctx;
  const commands: Command[] = ctx.projects.map((p) => ({
    id: `project:${p.name}`,
    label: p.name,
    group: 'Projects',
    keywords: 'project',
    href: `/${team?.slug}/${p.name}`,
  }));
  for (const t of ctx.teams) {
    commands.push({
      id: `team:${t.slug}`,
      label: scopeName(t, ctx.user),
      group: 'Teams',
      keywords: `${t.slug} team switch scope`,
      href: `/${t.slug}`,
    });
  }
  if (team) {
    const settings = `/${team.slug}/~/settings`;
    commands.push(
      { id: 'nav:overview', label: 'Overview', group: 'Navigation', keywords: 'home dashboard', href: `/${team.slug}` },
      {
        id: 'nav:settings',
        label: 'Team settings',
        group: 'Navigation',
        keywords: 'general name slug',
        href: settings,
      },
      {
        id: 'nav:members',
        label: 'Members',
        group: 'Navigation',
        keywords: 'invite roles people',
        href: `${settings}/members`,
      },
      {
        id: 'nav:billing',
        label: 'Billing',
        group: 'Navigation',
        keywords: 'plan trial invoice',
        href: `${settings}/billing`,
      },
    );
  }
  commands.push(
    { id: 'nav:account', label: 'Account settings', group: 'Navigation', keywords: 'profile user', href: '/account' },
    { id: 'nav:tokens', label: 'Tokens', group: 'Navigation', keywords: 'api access cli', href: '/account/tokens' },
    {
      id: 'act:new-project',
      label: 'New project',
      group: 'Actions',
      keywords: 'create deploy import',
      href: team ? `/new?teamSlug=${encodeURIComponent(team.slug)}` : '/new',
    },
    { id: 'act:new-team', label: 'Create team', group: 'Actions', keywords: 'new team', href: '/new/team' },
    { id: 'act:upgrade', label: 'Upgrade to Pro', group: 'Actions', keywords: 'billing plan trial', action: 'upgrade' },
    {
      id: 'act:theme-dark',
      label: 'Switch to dark theme',
      group: 'Actions',
      keywords: 'theme appearance',
      action: 'theme-dark',
    },
    {
      id: 'act:theme-light',
      label: 'Switch to light theme',
      group: 'Actions',
      keywords: 'theme appearance',
      action: 'theme-light',
    },
    {
      id: 'act:theme-system',
      label: 'Use system theme',
      group: 'Actions',
      keywords: 'theme appearance',
      action: 'theme-system',
    },
    { id: 'act:log-out', label: 'Log out', group: 'Actions', keywords: 'sign out exit', action: 'log-out' },
  );
  if (ctx.internal) {
    for (const [action, label, needsProject] of INTERNAL) {
      if (needsProject && !(team && ctx.project)) continue;
      const state = action === 'deploy-freeze' && ctx.deployFreeze ? ' (on)' : '';
      commands.push({
        id: `internal:${action}`,
        label: label + state,
        group: 'Internal',
        keywords: 'staff debug',
        action,
      });
    }
  }
  return commands;
}

/** The commands matching what was typed: every word must appear in the label, keywords or group. */
export function filterCommands(commands: readonly Command[], query: string): Command[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return commands.filter((c) => {
    const text = `${c.label} ${c.keywords ?? ''} ${c.group}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Consecutive commands of one group, in the order given (buildCommands keeps groups together). */
export function groupCommands(commands: readonly Command[]): { group: CommandGroup; commands: Command[] }[] {
  const groups: { group: CommandGroup; commands: Command[] }[] = [];
  for (const c of commands) {
    const last = groups.at(-1);
    if (last?.group === c.group) last.commands.push(c);
    else groups.push({ group: c.group, commands: [c] });
  }
  return groups;
}

/** Arrow keys move the active option and wrap around at either end. */
export function moveActive(index: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  return (index + (key === 'ArrowDown' ? 1 : -1) + count) % count;
}
