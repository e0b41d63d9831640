import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployDomainWarning, makePrivate, securityHeaders } from './security';

describe('securityHeaders', () => {
  it('forbids framing and sniffing, and sends HSTS only over https', () => {
    const plain = Object.fromEntries(securityHeaders('http://localhost:3000'));
    expect(plain['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain['x-frame-options']).toBe('DENY');
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(plain['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(plain['strict-transport-security']).toBeUndefined();
    const secure = Object.fromEntries(securityHeaders('https://nimbus.example.com'));
    expect(secure['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('deployDomainWarning', () => {
  it.each([
    ['https://nimbus.example.com', 'example.com', true],
    ['https://nimbus.example.com', 'apps.example.com', true],
    ['https://example.co.uk', 'apps.example.co.uk', true],
    ['https://nimbus.example.com', 'example-apps.com', false],
    // Public suffixes: two names under github.io are two sites.
    ['https://dash.github.io', 'github.io', false],
    ['http://localhost:3000', 'localhost', false],
  ])('dashboard %s, deployments *.%s: warns %s', (publicUrl, deployDomain, warns) => {
    const warning = deployDomainWarning(publicUrl, deployDomain);
    expect(warning !== null).toBe(warns);
    if (warning) expect(warning).toContain('NIMBUS_DEPLOY_DOMAIN');
  });
});

describe('makePrivate', () => {
  it('makes folders 700 and files 600, however they were created', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'nimbus-private-')), 'data');
    mkdirSync(path.join(dir, 'db', 'base'), { recursive: true, mode: 0o777 });
    writeFileSync(path.join(dir, 'db', 'base', 'PG_VERSION'), '15', { mode: 0o666 });
    writeFileSync(path.join(dir, 'secret'), 'x', { mode: 0o644 });
    chmodSync(path.join(dir, 'db'), 0o755);
    makePrivate(dir);
    const mode = (p: string) => (statSync(path.join(dir, p)).mode & 0o777).toString(8);
    expect([mode('.'), mode('db'), mode('db/base')]).toEqual(['700', '700', '700']);
    expect([mode('db/base/PG_VERSION'), mode('secret')]).toEqual(['600', '600']);
  });
});
