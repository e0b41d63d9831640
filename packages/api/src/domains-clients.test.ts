// The official clients' domain, alias and certificate commands against a real Nimbus and a real DNS
// server (dnsmasq): `vercel domains ls|add|inspect|rm`, `alias set|ls|rm`, `certs ls`, `dns ls`, and
// the SDK's domains.*, projects.*Domain* and aliases.* (which validate every reply against their schemas).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Vercel } from '@vercel/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DnsServer, hasDnsmasq, startDnsServer } from '../../../test/dns-server';
import { createEngineTestApi } from './engine-testing';
import { listen } from './testing';

const run = promisify(execFile);
const VERCEL = path.join(process.cwd(), 'node_modules', '.bin', 'vercel');
const EDGE_IP = '203.0.113.20';

// Each case starts the official CLI (a large bundle) once or more: on a busy machine that takes longer
// than the default 30 s without anything being wrong. Each CLI run keeps its own 90 s limit.
vi.setConfig({ testTimeout: 90_000 });

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let server: Awaited<ReturnType<typeof listen>>;
let dns: DnsServer;
let home: string;
let caddyDir: string;
let token: string;
let sdk: Vercel;
let deployment: { id: string; url: string };

/** Runs the CLI; a non-zero exit is returned, not thrown, with its output. */
async function vercel(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(VERCEL, [...args, '--api', server.url, '--token', token, '-Q', home], {
      env: { ...process.env, VERCEL_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0', HOME: home },
      cwd: home,
      timeout: 90_000,
    });
    return { code: 0, out: `${stdout}\n${stderr}` };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}\n${e.stderr}` };
  }
}

/** A certificate as Caddy stores it: `certificates/<issuer>/<name>/<name>.crt`. */
async function caddyCertificate(name: string) {
  const dir = path.join(caddyDir, 'certificates', 'local', name);
  await mkdir(dir, { recursive: true });
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '7',
    '-subj',
    `/CN=${name}`,
    '-addext',
    `subjectAltName=DNS:${name}`,
    '-keyout',
    path.join(dir, `${name}.key`),
    '-out',
    path.join(dir, `${name}.crt`),
  ]);
}

beforeAll(async () => {
  dns = await startDnsServer(['test']);
  home = await mkdtemp(path.join(tmpdir(), 'nimbus-domains-cli-'));
  caddyDir = path.join(home, 'caddy');
  t = await createEngineTestApi({
    worker: {},
    api: {
      dns: { servers: [dns.server], edgeIPv4: [EDGE_IP], edgeIPv6: [], cnameTarget: null },
      caddyDataDir: caddyDir,
    },
  });
  server = await listen(t.app);
  ({ token } = await t.signup('domains-cli@example.com', 'Domains Cli'));
  sdk = new Vercel({ bearerToken: token, serverURL: server.url });
  const res = await t.deploy(token, { 'index.html': 'hello' }, { name: 'web', target: 'production' });
  deployment = await t.waitFor(token, res.json.id);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
  await dns?.close();
  await rm(home, { recursive: true, force: true });
});

describe.skipIf(!hasDnsmasq)('vercel domains', () => {
  it('adds an apex to the team', async () => {
    const { code, out } = await vercel('domains', 'add', 'example.test');
    expect(code, out).toBe(0);
    expect(out).toMatch(/Success! Domain example\.test added/);
  });

  it('adds a subdomain to a project', async () => {
    const { code, out } = await vercel('domains', 'add', 'www.example.test', 'web');
    expect(code, out).toBe(0);
    expect(out).toMatch(/www\.example\.test/);
    expect((await t.call('GET', '/v9/projects/web/domains', { token })).json.domains[0].name).toBe('www.example.test');
  });

  it('lists the team domains', async () => {
    const { code, out } = await vercel('domains', 'ls');
    expect(code, out).toBe(0);
    expect(out).toMatch(/1 Domain found/);
    expect(out).toMatch(/example\.test\s+Third Party\s+Third Party/);
    expect(out).toContain('domains-cli');
  });

  it('inspects a domain: its projects and whether it is configured', async () => {
    const { code, out } = await vercel('domains', 'inspect', 'example.test');
    expect(code, out).toBe(0);
    expect(out).toMatch(/Domain example\.test found/);
    expect(out, out).toMatch(/web\s+www\.example\.test/);
    expect(out, out).toMatch(/not configured properly/);
    const json = await vercel('domains', 'inspect', 'example.test', '--format', 'json');
    expect(JSON.parse(json.out.slice(json.out.indexOf('{'), json.out.lastIndexOf('}') + 1))).toMatchObject({
      domain: { name: 'example.test', registrar: 'Third Party', creator: 'domains-cli' },
      projects: [{ name: 'web', domains: ['www.example.test'] }],
      configuration: { misconfigured: true },
    });
  });

  it('says DNS is not hosted here, in words, for dns ls', async () => {
    const { code, out } = await vercel('dns', 'ls', 'example.test');
    expect(code).not.toBe(0);
    expect(out).toMatch(
      /Nimbus does not host DNS: set these records at your DNS provider: A example.test 203.0.113.20/,
    );
  });

  it('lists the certificates Caddy holds for the team\u2019s verified domains only', async () => {
    await caddyCertificate('www.example.test');
    await caddyCertificate('someone-else.test');
    expect((await vercel('certs', 'ls')).out).toMatch(/No certificates found/);
    const proof = (await t.call('GET', '/v5/domains/example.test', { token })).json.domain.verification[0];
    await dns.set({ txt: { [proof.domain]: [proof.value] }, hosts: { 'example.test': [EDGE_IP] } });
    expect((await t.call('POST', '/v6/domains/example.test/verify', { token })).json.domain.verified).toBe(true);
    const { code, out } = await vercel('certs', 'ls');
    expect(code, out).toBe(0);
    expect(out).toMatch(/local\/www\.example\.test\s+www\.example\.test/);
    expect(out).not.toContain('someone-else.test');
  });
});

describe.skipIf(!hasDnsmasq)('vercel alias', () => {
  it('sets an alias on the deploy domain and on a verified domain', async () => {
    const set = await vercel('alias', 'set', deployment.url, 'my-alias.localhost');
    expect(set.code, set.out).toBe(0);
    expect(set.out).toMatch(/Success! .*my-alias\.localhost/);
    const custom = await vercel('alias', 'set', deployment.url, 'app.example.test');
    expect(custom.code, custom.out).toBe(0);
    expect(custom.out).toMatch(/Success! .*app\.example\.test/);
  });

  it('refuses a domain the team has not verified, with the reason', async () => {
    const { code, out } = await vercel('alias', 'set', deployment.url, 'app.unverified.test');
    expect(code).not.toBe(0);
    expect(out).toMatch(/unverified\.test/);
  });

  it('lists the aliases', async () => {
    const { code, out } = await vercel('alias', 'ls');
    expect(code, out).toBe(0);
    expect(out).toContain('my-alias.localhost');
    expect(out).toContain('app.example.test');
    expect(out).toContain('web.localhost');
  });

  it('removes an alias and names it', async () => {
    const { code, out } = await vercel('alias', 'rm', 'my-alias.localhost', '--yes');
    expect(code, out).toBe(0);
    expect(out).toMatch(/Success! Alias my-alias\.localhost(:\d+)? removed/);
    expect(out).not.toContain('undefined');
  });
});

describe.skipIf(!hasDnsmasq)('vercel domains rm', () => {
  it('removes the domain with its project domains and aliases', async () => {
    const { code, out } = await vercel('domains', 'rm', 'example.test', '--yes');
    expect(code, out).toBe(0);
    expect(out).toMatch(/Domain example\.test removed/);
    expect((await t.call('GET', '/v9/projects/web/domains', { token })).json.domains).toEqual([]);
    expect((await t.call('GET', '/now/aliases/app.example.test', { token })).status).toBe(404);
  });
});

describe.skipIf(!hasDnsmasq)('@vercel/sdk', () => {
  it('adds, reads, verifies, changes and removes project domains', async () => {
    const added = await sdk.projects.addProjectDomain({ idOrName: 'web', requestBody: { name: 'sdk.test' } });
    expect(added).toMatchObject({ name: 'sdk.test', apexName: 'sdk.test', verified: false });
    const www = await sdk.projects.addProjectDomain({
      idOrName: 'web',
      requestBody: { name: 'www.sdk.test', redirect: 'sdk.test', redirectStatusCode: 308 },
    });
    expect(www).toMatchObject({ redirect: 'sdk.test', redirectStatusCode: 308 });
    const list = await sdk.projects.getProjectDomains({ idOrName: 'web' });
    expect('domains' in list && list.domains.map((d) => d.name)).toEqual(['sdk.test', 'www.sdk.test']);
    const one = await sdk.projects.getProjectDomain({ idOrName: 'web', domain: 'sdk.test' });
    expect(one.verification?.[0]).toMatchObject({ type: 'TXT', domain: '_nimbus.sdk.test' });
    await dns.set({ txt: { '_nimbus.sdk.test': [one.verification![0]!.value] } });
    const verified = await sdk.projects.verifyProjectDomain({ idOrName: 'web', domain: 'sdk.test' });
    expect(verified.verified).toBe(true);
    const changed = await sdk.projects.updateProjectDomain({
      idOrName: 'web',
      domain: 'www.sdk.test',
      requestBody: { redirect: null },
    });
    expect(changed.redirect).toBeNull();
    await sdk.projects.removeProjectDomain({ idOrName: 'web', domain: 'www.sdk.test' });
  });

  it('lists, reads, configures and removes team domains', async () => {
    const { domains } = await sdk.domains.getDomains({});
    expect(domains.map((d) => d.name)).toContain('sdk.test');
    const { domain } = await sdk.domains.getDomain({ domain: 'sdk.test' });
    expect(domain).toMatchObject({ name: 'sdk.test', verified: true, serviceType: 'external' });
    const config = await sdk.domains.getDomainConfig({ domain: 'sdk.test' });
    expect(config).toMatchObject({ misconfigured: true, configuredBy: null });
    const created = await sdk.domains.createOrTransferDomain({ requestBody: { name: 'other-sdk.test' } });
    expect(created.domain).toMatchObject({ name: 'other-sdk.test', verified: false });
    const removed = await sdk.domains.deleteDomain({ domain: 'other-sdk.test' });
    expect(removed.uid).toBe(created.domain.id);
  });

  it('assigns, lists, reads and deletes aliases', async () => {
    const assigned = await sdk.aliases.assignAlias({
      id: deployment.id,
      requestBody: { alias: 'sdk-alias.localhost' },
    });
    expect(assigned.alias).toBe('sdk-alias.localhost:3000');
    const { aliases } = await sdk.aliases.listAliases({});
    expect(aliases.map((a) => a.alias)).toContain('sdk-alias.localhost:3000');
    const one = await sdk.aliases.getAlias({ idOrAlias: 'sdk-alias.localhost' });
    expect(one.uid).toBe(assigned.uid);
    const deleted = await sdk.aliases.deleteAlias({ aliasId: assigned.uid });
    expect(deleted.status).toBe('SUCCESS');
  });
});
