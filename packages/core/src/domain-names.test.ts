import { describe, expect, it } from 'vitest';
import { apexOf, checkDomain } from './domain-names';

describe('custom domain names', () => {
  it.each([
    ['www.example.com', 'www.example.com', 'example.com'],
    ['Example.COM.', 'example.com', 'example.com'],
    ['shop.example.co.uk', 'shop.example.co.uk', 'example.co.uk'],
    ['bücher.de', 'xn--bcher-kva.de', 'xn--bcher-kva.de'],
  ])('%s → %s under %s', (input, name, apex) => {
    expect(checkDomain(input, 'localhost')).toEqual({ ok: true, name, apex });
  });

  it.each([
    ['', /Enter a domain name/],
    ['example', /no top-level domain/],
    ['my_site.com', /underscore/],
    ['10.0.0.1', /IP address/],
    ['[2001:db8::1]', /IP address/],
    [`${'x'.repeat(64)}.com`, /longer than 63 characters/],
    ['example.com:8080', /leave out the scheme, port/],
    ['a..com', /not a valid domain name/],
    ['app.localhost', /deployment domain localhost/],
    ['co.uk', /public suffix/],
  ])('refuses %j with a reason', (input, message) => {
    const check = checkDomain(input, 'localhost');
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toMatch(message);
  });

  it('finds the registrable domain', () => {
    expect(apexOf('a.b.example.org')).toBe('example.org');
  });
});
