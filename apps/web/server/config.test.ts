import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config';

const MB = 1024 * 1024;

/** Rows of the first table under "## Configuration" in the README: name, default, description. */
function readmeTable() {
  const readme = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const lines = section.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| Variable'));
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  const unquote = (cell: string) => cell.trim().replace(/^`(.*)`$/, '$1');
  return lines.slice(start + 2, end).map((line) => {
    const [name, value, description] = line.slice(1, -1).split(' | ');
    return { name: unquote(name!), default: unquote(value!), description: description!.trim() };
  });
}

describe('configuration', () => {
  it('is documented in the README exactly as config.ts declares it', () => {
    expect(readmeTable()).toEqual(CONFIG_VARIABLES);
  });

  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dbPoolSize: 10,
      publicUrl: 'http://localhost:3000',
      maxFileSize: 100 * MB,
      mailFrom: 'Nimbus <no-reply@localhost>',
      trustProxy: false,
      s3: null,
      build: { timeoutMs: 15 * 60_000, concurrency: 1, teamLimits: { hobby: 1, pro: 4, enterprise: 12 } },
    });
    expect(loadConfig({ NIMBUS_BUILD_CONCURRENCY_PRO: '8' }).build.teamLimits.pro).toBe(8);
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it("runs each team's sandboxed jobs from uid 200000 up, never in the range of the host's own accounts", () => {
    expect(loadConfig({}).build.sandbox.uidBase).toBe(200_000);
    expect(loadConfig({ NIMBUS_SANDBOX_UID_BASE: '500000' }).build.sandbox.uidBase).toBe(500_000);
    expect(() => loadConfig({ NIMBUS_SANDBOX_UID_BASE: '1000' })).toThrow(
      /NIMBUS_SANDBOX_UID_BASE: use at least 100000: lower uids belong to the host's own accounts.*, not "1000"/,
    );
  });

  it("reads Caddy's settings for npm run start:tls, with Caddy's own data dir by default", () => {
    expect(loadConfig({}).tls).toEqual({
      httpPort: 80,
      httpsPort: 443,
      email: undefined,
      internal: false,
      caddyDataDir: expect.stringMatching(/\/\.local\/share\/caddy$/),
    });
    expect(loadConfig({ XDG_DATA_HOME: '/srv/data' }).tls.caddyDataDir).toBe('/srv/data/caddy');
    expect(
      loadConfig({ NIMBUS_CADDY_DATA_DIR: '/var/lib/caddy', NIMBUS_TLS_INTERNAL: '1', NIMBUS_HTTPS_PORT: '8443' }).tls,
    ).toMatchObject({ caddyDataDir: '/var/lib/caddy', internal: true, httpsPort: 8443 });
    expect(() => loadConfig({ NIMBUS_TLS_EMAIL: 'ops' })).toThrow(/NIMBUS_TLS_EMAIL: use an e-mail address/);
  });

  it.each([
    ['100mb', 100 * MB],
    ['2gb', 2048 * MB],
    ['512kb', 512 * 1024],
    ['1048576', MB],
  ])('starts with NIMBUS_MAX_FILE_SIZE=%s (%d bytes)', (value, bytes) => {
    expect(loadConfig({ NIMBUS_MAX_FILE_SIZE: value }).maxFileSize).toBe(bytes);
  });

  it.each([
    ['15m', 15 * 60_000],
    ['90s', 90_000],
    ['900', 900_000],
  ])('reads NIMBUS_BUILD_TIMEOUT=%s as %d ms (a plain number is seconds)', (value, ms) => {
    expect(loadConfig({ NIMBUS_BUILD_TIMEOUT: value }).build.timeoutMs).toBe(ms);
  });

  it.each([
    [
      'NIMBUS_MAX_FILE_SIZE',
      '100 megs',
      /NIMBUS_MAX_FILE_SIZE: use a size like 100mb.*, not "100 megs"\. For example NIMBUS_MAX_FILE_SIZE=2gb/,
    ],
    [
      'NIMBUS_BUILD_TIMEOUT',
      'soon',
      /NIMBUS_BUILD_TIMEOUT: use a duration.*, not "soon"\. For example NIMBUS_BUILD_TIMEOUT=30m/,
    ],
    ['PORT', 'abc', /PORT: use a whole number from 0 to 65535, not "abc"\. For example PORT=8080/],
    ['NIMBUS_DB_POOL', '0', /NIMBUS_DB_POOL: use at least 1, not "0"/],
    ['NIMBUS_ENV', 'staging', /NIMBUS_ENV: use one of production, preview, development, not "staging"/],
    [
      'NIMBUS_PUBLIC_URL',
      'nimbus.example.com',
      /NIMBUS_PUBLIC_URL: use a full URL, not "nimbus.example.com"\. For example NIMBUS_PUBLIC_URL=https:\/\/nimbus.example.com/,
    ],
  ])('stops on a bad %s, naming it with an example', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('never repeats a secret in its error', () => {
    expect(() => loadConfig({ NIMBUS_SECRET: 'short-secret' })).toThrow(
      'Invalid configuration: NIMBUS_SECRET: use at least 32 characters. For example NIMBUS_SECRET=$(openssl rand -hex 32)',
    );
    expect(() => loadConfig({ DATABASE_URL: 'pass:word' })).not.toThrow(/pass:word/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', NIMBUS_MAX_FILE_SIZE: '' })).toMatchObject({ port: 3000, maxFileSize: 100 * MB });
  });

  it('uses S3 when a bucket is named, in us-east-1 unless told otherwise', () => {
    expect(loadConfig({ NIMBUS_S3_BUCKET: 'files', NIMBUS_S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toEqual({
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it('reads NIMBUS_PROCESSES and NIMBUS_ROLE into numbers and sets', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://db/nimbus', NIMBUS_PROCESSES: '4', NIMBUS_ROLE: 'edge, api' });
    expect(c.processes).toBe(4);
    expect([...c.roles]).toEqual(['edge', 'api']);
    expect(() => loadConfig({ NIMBUS_PROCESSES: '2' })).toThrow(/NIMBUS_PROCESSES above 1 needs DATABASE_URL/);
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      deployDomain: 'localhost',
      staffTeam: 'nimbus-staff',
    });
    expect([...c.roles]).toEqual(['web', 'api', 'edge', 'worker']);
  });

  it('refuses split roles without PostgreSQL and unknown roles, with a clear message', () => {
    expect(() => loadConfig({ NIMBUS_ROLE: 'web' })).toThrow(/needs DATABASE_URL/);
    expect(() => loadConfig({ NIMBUS_ROLE: 'web,cache', DATABASE_URL: 'postgres://x/y' })).toThrow(
      /unknown role\(s\) cache/,
    );
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
