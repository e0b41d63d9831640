import { describe, expect, it } from 'vitest';
import { isIP, isValidDomain, isValidUrl, URL_MAX_LENGTH } from './net-validation';

describe('isValidDomain', () => {
  it.each(['example.com', 'sub.example.co.uk', 'xn--caf-dma.fr', `${'a'.repeat(63)}.com`, 'my-app.nimbus.app'])(
    'accepts %s',
    (name) => {
      expect(isValidDomain(name)).toBe(true);
    },
  );

  it.each([
    ['no TLD', 'localhost'],
    ['label over 63', `${'a'.repeat(64)}.com`],
    ['underscore', 'my_app.example.com'],
    ['trailing dot', 'example.com.'],
    ['wildcard', '*.example.com'],
    ['leading dash', '-bad.example.com'],
    ['space', 'exa mple.com'],
    ['empty', ''],
  ])('rejects %s', (_label, name) => {
    expect(isValidDomain(name)).toBe(false);
  });
});

describe('isValidUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#frag',
    'ftp://files.example.com/a.txt',
    'example.com/no-protocol',
    'https://example.com:1',
    'https://example.com:65535',
  ])('accepts %s', (url) => {
    expect(isValidUrl(url)).toBe(true);
  });

  it.each([
    ['other protocol', 'mailto:someone@example.com'],
    ['ws protocol', 'ws://example.com'],
    ['no host', 'https://'],
    ['port 0', 'https://example.com:0'],
    ['port above 65535', 'https://example.com:65536'],
    ['too long', `https://example.com/${'a'.repeat(URL_MAX_LENGTH)}`],
  ])('rejects %s', (_label, url) => {
    expect(isValidUrl(url)).toBe(false);
  });

  it('limits length to under 2083 characters', () => {
    const prefix = 'https://example.com/';
    expect(isValidUrl(prefix + 'a'.repeat(URL_MAX_LENGTH - prefix.length - 1))).toBe(true);
    expect(isValidUrl(prefix + 'a'.repeat(URL_MAX_LENGTH - prefix.length))).toBe(false);
  });
});

describe('isIP', () => {
  it.each([
    ['192.168.0.1', undefined, true],
    ['::1', undefined, true],
    ['2001:db8::8a2e:370:7334', undefined, true],
    ['256.1.1.1', undefined, false],
    ['example.com', undefined, false],
    ['192.168.0.1', 6, false],
    ['::1', 4, false],
    ['::1', 6, true],
  ] as const)('%s (v%s) → %s', (value, version, expected) => {
    expect(isIP(value, version)).toBe(expected);
  });
});
