import { describe, expect, it } from 'vitest';
import { isValidLinkTarget } from './link-target';

describe('isValidLinkTarget', () => {
  it.each([
    '/',
    '/dashboard',
    '/acme/project?tab=logs#build',
    '/login?next=%2Fteams',
    '/docs/http://not-a-scheme-here',
  ])('accepts %j', (href) => {
    expect(isValidLinkTarget(href)).toBe(true);
  });

  it.each([
    ['no leading slash', 'dashboard'],
    ['empty', ''],
    ['bare http scheme', 'http://evil.example'],
    ['bare https scheme', 'https://evil.example/path'],
    ['asterisk', '/teams/*'],
    ['protocol-relative', '//evil.example'],
    ['backslash protocol-relative', '/\\evil.example'],
    ['tab-smuggled protocol-relative', '/\t/evil.example'],
    ['newline', '/foo\nbar'],
    ['javascript scheme', 'javascript:alert(1)'],
  ])('rejects %s', (_label, href) => {
    expect(isValidLinkTarget(href)).toBe(false);
  });
});
