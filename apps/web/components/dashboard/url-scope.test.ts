// The header's scope is the page's: the team segment of a dashboard URL, or ?teamSlug= on /new.
import { describe, expect, it } from 'vitest';
import { urlTeamSlug } from './url-scope';

describe('urlTeamSlug', () => {
  it('reads the team from the first segment, and from ?teamSlug= on /new', () => {
    expect(urlTeamSlug('/acme-inc/web/dpl_1', null)).toBe('acme-inc');
    expect(urlTeamSlug('/new', new URLSearchParams('teamSlug=acme-inc'))).toBe('acme-inc');
    expect(urlTeamSlug('/new', new URLSearchParams())).toBeUndefined();
    expect(urlTeamSlug('/', null)).toBeUndefined();
  });
});
