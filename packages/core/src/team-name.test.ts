import { describe, expect, it } from 'vitest';
import { TEAM_NAME_INVALID, TEAM_NAME_MAX, TEAM_NAME_REQUIRED, validateTeamName } from './team-name';

describe('validateTeamName', () => {
  it.each([
    ['', TEAM_NAME_REQUIRED],
    ['   ', TEAM_NAME_REQUIRED],
    ['\t\n', TEAM_NAME_REQUIRED],
  ])('requires a name (%j)', (name, message) => {
    expect(validateTeamName(name)).toBe(message);
  });

  it('uses the exact spec messages', () => {
    expect(TEAM_NAME_REQUIRED).toBe('Team name is required');
    expect(TEAM_NAME_INVALID).toBe(
      'Team names must be composed only of letters, numbers, spaces, underscore or dash, and not be empty.',
    );
  });

  it.each([
    'Acme',
    'acme 2',
    'My_Team',
    "O'Reilly Media",
    'front-end',
    'Équipe Café',
    'Zürich Ærø',
    'Łódź Škoda',
    '  padded  ',
    'x'.repeat(TEAM_NAME_MAX),
  ])('accepts %j', (name) => {
    expect(validateTeamName(name)).toBeNull();
  });

  it.each(['acme!', 'a/b', 'team.io', 'price × 2', 'emoji 🚀', '日本', 'x'.repeat(TEAM_NAME_MAX + 1)])(
    'rejects %j',
    (name) => {
      expect(validateTeamName(name)).toBe(TEAM_NAME_INVALID);
    },
  );

  it('measures length after trimming', () => {
    expect(validateTeamName(` ${'x'.repeat(TEAM_NAME_MAX)} `)).toBeNull();
  });
});
