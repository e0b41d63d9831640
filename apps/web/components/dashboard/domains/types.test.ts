import { describe, expect, it } from 'vitest';
import { type DomainConfigJson, domainStatus } from './types';

const config = (misconfigured: boolean): DomainConfigJson => ({
  configuredBy: misconfigured ? null : 'A',
  misconfigured,
  records: [{ type: 'A', name: 'example.com', value: '203.0.113.10' }],
  current: { a: [], aaaa: [], cname: [], error: null },
});

describe('domainStatus', () => {
  it('asks for the TXT proof first, whatever the DNS check says', () => {
    expect(domainStatus({ verified: false }, undefined)).toBe('Verification Needed');
    expect(domainStatus({ verified: false }, config(false))).toBe('Verification Needed');
  });

  it('then reads the configuration check, and waits for it', () => {
    expect(domainStatus({ verified: true }, undefined)).toBeNull();
    expect(domainStatus({ verified: true }, config(true))).toBe('Invalid Configuration');
    expect(domainStatus({ verified: true }, config(false))).toBe('Valid Configuration');
  });
});
