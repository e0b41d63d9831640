// Automatic HTTPS end to end: the shipped deploy/Caddyfile run by real Caddy with its local CA
// (NIMBUS_TLS_INTERNAL=1, storage in a temp dir, high ports), in front of Nimbus's ask endpoint and
// edge. A name gets a certificate on its first handshake only when the ask says yes, so fetching a
// deployment host and a custom domain over HTTPS, and failing for an unknown name, proves the chain.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CADDY_MISSING, CADDYFILE, caddyInstalled, caddyOptions, tlsEnvironment } from '../../../scripts/start-tls.mjs';
import { startTlsFront } from './tls-fixture';

const installed = caddyInstalled(process.env);
if (!installed) console.warn(`Skipping the Caddy tests: ${CADDY_MISSING}`);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!installed)('Caddy with on-demand TLS in front of Nimbus (deploy/Caddyfile)', () => {
  let front: Awaited<ReturnType<typeof startTlsFront>>;
  let caddy: ChildProcess;
  let storage: string;
  let httpsPort: number;
  let httpPort: number;
  let ca: Buffer;
  let caddyLog = '';

  /** GET https://<name>/ through Caddy, trusting only Caddy's local root; resolves with the peer's names. */
  const fetchTls = (name: string) =>
    new Promise<{ status: number; body: string; altNames: string }>((resolve, reject) => {
      const req = httpsRequest(
        { host: '127.0.0.1', port: httpsPort, servername: name, ca, headers: { host: name }, agent: false },
        (res) => {
          const altNames = (res.socket as TLSSocket).getPeerCertificate().subjectaltname ?? '';
          let body = '';
          res.on('data', (c: Buffer) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body, altNames }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    front = await startTlsFront();
    const id = await front.deploy({ host: 'site-k3j2h1', files: { 'index.html': 'hello over https' } });
    await front.alias('www.example.com', id);
    storage = await mkdtemp(path.join(tmpdir(), 'nimbus-caddy-'));
    [httpPort, httpsPort] = [await freePort(), await freePort()];
    const env = {
      ...process.env,
      HOME: storage,
      PORT: String(front.port),
      NIMBUS_HTTP_PORT: String(httpPort),
      NIMBUS_HTTPS_PORT: String(httpsPort),
      NIMBUS_CADDY_OPTIONS: caddyOptions({ NIMBUS_TLS_INTERNAL: '1', NIMBUS_CADDY_DATA_DIR: storage }),
    };
    caddy = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], { env });
    caddy.stderr!.on('data', (c: Buffer) => (caddyLog += c));
    const root = path.join(storage, 'pki', 'authorities', 'local', 'root.crt');
    ca = await until('Caddy to create its local CA', () => (existsSync(root) ? readFileSync(root) : undefined));
    await until('Caddy to listen', () => fetchTls('site-k3j2h1.localhost').then(() => true));
  }, 60_000);

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      caddy.kill('SIGTERM');
      await new Promise((r) => caddy.once('exit', r));
    }
    await front?.close();
    if (storage) await rm(storage, { recursive: true, force: true });
  });

  it.each([
    ['a deployment host', 'site-k3j2h1.localhost'],
    ['a custom domain (an alias row with the full domain)', 'www.example.com'],
  ])('serves %s over HTTPS with a certificate naming it', async (_, name) => {
    const reply = await fetchTls(name);
    expect(reply, caddyLog).toMatchObject({ status: 200, body: 'hello over https' });
    expect(reply.altNames.split(', ')).toContain(`DNS:${name}`);
  });

  it('gives no certificate to a name Nimbus does not serve: the handshake fails', async () => {
    await expect(fetchTls('nobody-here.example.com')).rejects.toThrow(/alert/);
    await expect(fetchTls('zq8x7w6v5u.localhost')).rejects.toThrow(/alert/);
  });

  it('redirects plain HTTP to HTTPS on the same name', async () => {
    const location = await new Promise<string | undefined>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: httpPort, path: '/a?b=1', headers: { host: 'www.example.com' } },
        (res) => {
          res.resume();
          expect(res.statusCode).toBe(308);
          resolve(res.headers.location);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(location).toBe(`https://www.example.com:${httpsPort}/a?b=1`);
  });

  it('keeps the ask endpoint away from visitors: proxied requests are refused', async () => {
    const reply = await fetchTls('site-k3j2h1.localhost');
    expect(reply.status).toBe(200);
    const ask = await new Promise<number>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: httpsPort,
          path: '/api/tls/ask?domain=www.example.com',
          servername: 'www.example.com',
          ca,
          headers: { host: 'nimbus-front.example.com' },
          agent: false,
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(ask).toBe(403);
  });
});

describe('npm run start:tls', () => {
  it('puts Nimbus on loopback behind Caddy, trusting its forwarded headers, unless told otherwise', () => {
    expect(tlsEnvironment({ PORT: '4000' })).toMatchObject({
      HOST: '127.0.0.1',
      NIMBUS_TRUST_PROXY: '1',
      PORT: '4000',
    });
    expect(tlsEnvironment({ HOST: '10.0.0.5', NIMBUS_TRUST_PROXY: '0' })).toMatchObject({
      HOST: '10.0.0.5',
      NIMBUS_TRUST_PROXY: '0',
    });
  });

  it.skipIf(!installed)(
    'gives Caddy the ask URL, the ports, the e-mail, the local CA and the storage it is told',
    () => {
      const env = {
        ...process.env,
        PORT: '4000',
        NIMBUS_HTTPS_PORT: '8443',
        NIMBUS_CADDY_OPTIONS: caddyOptions({
          NIMBUS_TLS_EMAIL: 'ops@example.com',
          NIMBUS_TLS_INTERNAL: '1',
          NIMBUS_CADDY_DATA_DIR: '/var/lib/nimbus caddy',
        }),
      };
      const adapted = spawnSync('caddy', ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
        env,
        encoding: 'utf8',
      });
      expect(adapted.status, adapted.stderr).toBe(0);
      const config = JSON.parse(adapted.stdout);
      expect(config.admin).toEqual({ disabled: true });
      expect(config.storage).toEqual({ module: 'file_system', root: '/var/lib/nimbus caddy' });
      expect(config.apps.http.https_port).toBe(8443);
      expect(config.apps.tls.automation.on_demand.ask).toBe('http://127.0.0.1:4000/api/tls/ask');
      expect(config.apps.tls.automation.policies[0]).toMatchObject({
        on_demand: true,
        issuers: [{ module: 'internal' }],
      });
      const acme = spawnSync('caddy', ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
        env: { ...env, NIMBUS_CADDY_OPTIONS: caddyOptions({ NIMBUS_TLS_EMAIL: 'ops@example.com' }) },
        encoding: 'utf8',
      });
      expect(JSON.stringify(JSON.parse(acme.stdout).apps.tls)).toContain('"email":"ops@example.com"');
    },
  );

  it('stops with a clear message when Caddy is not installed', () => {
    const result = spawnSync(process.execPath, [path.join(path.dirname(CADDYFILE), '..', 'scripts', 'start-tls.mjs')], {
      env: { ...process.env, PATH: '/nonexistent' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('install the Debian package caddy');
  });
});
