import { describe, expect, it } from 'vitest';
import { downgradeLosses } from './downgrade';
import { emptyUsage } from './usage';

const quiet = { members: 1, invitations: 0, projects: 3, ssoConfigured: false, usage: emptyUsage() };

describe('downgradeLosses', () => {
  it('lists seats held by members and invitations past Hobby, SSO, and usage already past Hobby', () => {
    const usage = { ...emptyUsage(), image_transformations: 6_000 };
    const losses = downgradeLosses('pro', 'hobby', {
      ...quiet,
      members: 2,
      invitations: 1,
      ssoConfigured: true,
      usage,
    });
    const keys = losses.map((l) => l.key);
    expect(keys).toEqual(expect.arrayContaining(['members', 'sso', 'usage:image_transformations', 'builds']));
    expect(losses.find((l) => l.key === 'members')!.message).toMatch(/allows 1 member; this team has 3/);
    expect(keys).not.toContain('usage:edge_requests');
  });

  it('names only the plan-wide reductions for a team within Hobby', () => {
    const keys = downgradeLosses('pro', 'hobby', quiet).map((l) => l.key);
    expect(keys).toEqual(['builds', 'audit-log', 'analytics']);
  });
});
