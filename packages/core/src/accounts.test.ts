import { describe, expect, it } from 'vitest';
import { type Account, displayName, isValidEmail, sortTeams } from './accounts';

describe('displayName', () => {
  it.each<[Account, string]>([
    [{ kind: 'user', name: 'Ada Lovelace', username: 'ada' }, 'Ada Lovelace'],
    [{ kind: 'user', name: null, username: 'ada' }, 'ada'],
    [{ kind: 'user', username: 'ada' }, 'ada'],
    [{ kind: 'user', name: '  ', username: 'ada' }, 'ada'],
    [{ kind: 'team', name: 'Acme Inc', slug: 'acme' }, 'Acme Inc'],
    [{ kind: 'team', name: null, slug: 'acme' }, 'acme'],
    [{ kind: 'team', name: '', slug: 'acme' }, 'acme'],
  ])('%j → %s', (account, expected) => {
    expect(displayName(account)).toBe(expected);
  });
});

describe('sortTeams', () => {
  const teams = [
    { id: 't1', name: 'zeta', slug: 'zeta' },
    { id: 't2', name: 'Alpha', slug: 'alpha-2' },
    { id: 't3', name: null, slug: 'beta' },
    { id: 't4', name: 'alpha', slug: 'alpha-1' },
    { id: 't5', name: 'Émile', slug: 'emile' },
    { id: 't6', slug: 'delta' },
  ];

  it('sorts case-insensitively by name, falling back to slug, then by slug', () => {
    expect(sortTeams(teams).map((t) => t.id)).toEqual(['t4', 't2', 't3', 't6', 't5', 't1']);
  });

  it('puts the default team first', () => {
    expect(sortTeams(teams, 't1').map((t) => t.id)).toEqual(['t1', 't4', 't2', 't3', 't6', 't5']);
  });

  it('ignores an unknown or missing default team id', () => {
    expect(sortTeams(teams, 'nope')).toEqual(sortTeams(teams));
    expect(sortTeams(teams, null)).toEqual(sortTeams(teams));
  });

  it('does not mutate its input and keeps extra fields', () => {
    const input = teams.map((t) => ({ ...t, role: 'OWNER' }));
    const snapshot = structuredClone(input);
    const sorted = sortTeams(input, 't3');
    expect(input).toEqual(snapshot);
    expect(sorted).not.toBe(input);
    expect(sorted[0]).toEqual({ id: 't3', name: null, slug: 'beta', role: 'OWNER' });
  });
});

describe('isValidEmail', () => {
  it('accepts an address with a user, a domain and a dot, up to 254 characters', () => {
    expect(isValidEmail('you@example.com')).toBe(true);
    expect(isValidEmail(`${'a'.repeat(242)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(243)}@example.com`)).toBe(false);
  });

  it.each(['you', 'you@', 'you@example', '@example.com', 'you @example.com', 'you@exa mple.com'])(
    'refuses %j',
    (email) => expect(isValidEmail(email)).toBe(false),
  );
});
