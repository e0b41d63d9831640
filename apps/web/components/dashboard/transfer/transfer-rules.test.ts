import type { Role } from '@nimbus/core';
import { describe, expect, it } from 'vitest';
import { canTransferFrom, speedInsightsWarning, transferDestinations } from './transfer-rules';

const team = (id: string, role: Role, plan = 'hobby') => ({
  id,
  membership: { role } as never,
  billing: { plan } as never,
});

describe('transfer rules', () => {
  it('offers destinations where the user may create projects, never the source', () => {
    const teams = [
      team('src', 'OWNER'),
      team('dev', 'DEVELOPER'),
      team('member', 'MEMBER'),
      team('viewer', 'VIEWER'),
      team('billing', 'BILLING'),
    ];
    expect(transferDestinations(teams, 'src').map((t) => t.id)).toEqual(['dev', 'member']);
  });

  it('lets only owners move projects out of a team', () => {
    expect(canTransferFrom(team('a', 'OWNER'))).toBe(true);
    expect(canTransferFrom(team('a', 'MEMBER'))).toBe(false);
  });

  it('warns about speed insights only from hobby to pro, for the projects that have it on', () => {
    const projects = [
      { id: 'p1', name: 'fast', speedInsights: { enabled: true } },
      { id: 'p2', name: 'plain', speedInsights: { enabled: false } },
      { id: 'p3', name: 'unknown' },
    ];
    const hobby = team('h', 'OWNER', 'hobby');
    const pro = team('p', 'OWNER', 'pro');
    expect(speedInsightsWarning(hobby, pro, projects).map((p) => p.name)).toEqual(['fast']);
    expect(speedInsightsWarning(pro, pro, projects)).toEqual([]);
    expect(speedInsightsWarning(hobby, hobby, projects)).toEqual([]);
    expect(speedInsightsWarning(pro, hobby, projects)).toEqual([]);
    expect(speedInsightsWarning(hobby, undefined, projects)).toEqual([]);
  });
});
