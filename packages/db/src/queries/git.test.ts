import { describe, expect, it } from 'vitest';
import { branchAliasLabel } from './git';

describe('branchAliasLabel', () => {
  it("spells Vercel's branch host as one DNS label", () => {
    expect(branchAliasLabel('site', 'feature/Login_Page', 'acme')).toBe('site-git-feature-login-page-acme');
  });

  it('keeps long names within 63 characters and apart by a digest of the whole', () => {
    const a = branchAliasLabel('storefront', `renovate/${'x'.repeat(80)}-a`, 'acme-projects');
    const b = branchAliasLabel('storefront', `renovate/${'x'.repeat(80)}-b`, 'acme-projects');
    expect(a.length).toBeLessThanOrEqual(63);
    expect(a).toMatch(/^storefront-git-renovate-x+-[0-9a-f]{6}$/);
    expect(a).not.toBe(b);
  });
});
