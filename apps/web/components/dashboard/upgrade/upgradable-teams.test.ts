import type { Role } from '@nimbus/core';
import { describe, expect, it } from 'vitest';
import { pickTeam, upgradableTeams } from './upgradable-teams';

const team = (slug: string, role: Role, plan = 'hobby', personal = false) => ({
  id: `team_${slug}`,
  slug,
  personal,
  billing: { plan } as never,
  membership: { role } as never,
});

describe('upgradable teams', () => {
  const teams = [
    team('me', 'OWNER', 'hobby', true),
    team('acme', 'OWNER'),
    team('paid', 'OWNER', 'pro'),
    team('payer', 'BILLING'),
    team('dev', 'DEVELOPER'),
  ];

  it('offers hobby teams whose role may change billing, never the personal account', () => {
    expect(upgradableTeams(teams).map((t) => t.slug)).toEqual(['acme', 'payer']);
  });

  it('preselects the hinted team by id or slug, else the first offered', () => {
    const eligible = upgradableTeams(teams);
    expect(pickTeam(eligible, 'payer')?.slug).toBe('payer');
    expect(pickTeam(eligible, 'team_payer')?.slug).toBe('payer');
    expect(pickTeam(eligible, 'dev')?.slug).toBe('acme');
    expect(pickTeam([], 'acme')).toBeUndefined();
  });
});
