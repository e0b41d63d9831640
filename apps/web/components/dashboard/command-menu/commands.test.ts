import { describe, expect, it } from 'vitest';
import { buildCommands, type CommandContext, filterCommands, groupCommands, moveActive } from './commands';

const acme = { id: 'team_a', slug: 'acme', name: 'Acme', personal: false };
const me = { id: 'team_me', slug: 'ada', name: null, personal: true };
const base: CommandContext = {
  user: { name: 'Ada', username: 'ada' },
  teams: [me, acme],
  team: acme,
  project: null,
  projects: [{ name: 'web' }, { name: 'docs' }],
  internal: false,
};
const labels = (ctx: CommandContext) => buildCommands(ctx).map((c) => c.label);
const INTERNAL = [
  'Open in Admin',
  'Display PPR Fallback Shell',
  'Analyze Server Timing',
  'Toggle Deploy Freeze Branch',
  'Open on localhost',
];

describe('command menu commands', () => {
  it('lists the current team projects, every team, settings pages, account and actions', () => {
    const commands = buildCommands(base);
    expect(commands.find((c) => c.label === 'web')).toMatchObject({ group: 'Projects', href: '/acme/web' });
    expect(commands.filter((c) => c.group === 'Teams').map((c) => [c.label, c.href])).toEqual([
      ['Ada', '/ada'],
      ['Acme', '/acme'],
    ]);
    expect(commands.find((c) => c.label === 'Billing')?.href).toBe('/acme/~/settings/billing');
    expect(commands.find((c) => c.label === 'New project')?.href).toBe('/new?teamSlug=acme');
    expect(labels(base)).toEqual(
      expect.arrayContaining([
        'Account settings',
        'Tokens',
        'New project',
        'Create team',
        'Upgrade to Pro',
        'Switch to dark theme',
        'Log out',
      ]),
    );
  });

  it('has no team pages outside a team', () => {
    expect(labels({ ...base, team: undefined, projects: [] })).not.toContain('Team settings');
    const outside = buildCommands({ ...base, team: undefined, projects: [] });
    expect(outside.find((c) => c.label === 'New project')?.href).toBe('/new');
  });

  it('shows the internal commands only when internal, and Open in Admin only on a project', () => {
    expect(labels(base).filter((l) => INTERNAL.includes(l))).toEqual([]);
    expect(labels({ ...base, internal: true }).filter((l) => INTERNAL.includes(l))).toEqual(INTERNAL.slice(1));
    expect(labels({ ...base, internal: true, project: 'web' }).filter((l) => INTERNAL.includes(l))).toEqual(INTERNAL);
    expect(labels({ ...base, internal: true, deployFreeze: true })).toContain('Toggle Deploy Freeze Branch (on)');
  });

  it('filters by every typed word across label, keywords and group, keeping groups together', () => {
    const commands = buildCommands(base);
    expect(filterCommands(commands, 'bill').map((c) => c.label)).toEqual(['Billing', 'Upgrade to Pro']);
    expect(filterCommands(commands, '  DARK theme ').map((c) => c.label)).toEqual(['Switch to dark theme']);
    expect(filterCommands(commands, 'zzz')).toEqual([]);
    expect(filterCommands(commands, '')).toHaveLength(commands.length);
    expect(groupCommands(filterCommands(commands, 'a')).map((g) => g.group)).toEqual([
      'Teams',
      'Navigation',
      'Actions',
    ]);
  });

  it('moves the active option with arrows that wrap around', () => {
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });
});
