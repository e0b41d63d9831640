import { describe, expect, it } from 'vitest';
import { renamedTeamPath } from './team-path';

describe('renamedTeamPath', () => {
  it.each([
    ['/ada', '/ada-projects'],
    ['/ada/web/deployments?state=READY#top', '/ada-projects/web/deployments?state=READY#top'],
    ['/ada/~/settings', '/ada-projects/~/settings'],
    ['/adam/web', '/ada-projects'],
    [null, '/ada-projects'],
  ])('%s → %s', (url, to) => {
    expect(renamedTeamPath(url, 'ada', 'ada-projects')).toBe(to);
  });
});
