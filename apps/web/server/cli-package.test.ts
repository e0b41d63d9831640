// The nimbus CLI from its own server (issue 21): the real front server (API, edge and build worker)
// hands out /cli/nimbus.tgz; npm installs it into a temporary prefix with a fresh HOME, outside the
// repository, so nothing resolves from the monorepo; the installed `nimbus` knows its server without
// --api, logs in with a token and deploys a folder the printed URL serves. When the server hands out a
// newer version, the CLI says so once and `nimbus upgrade` reinstalls it. On PGlite and on PostgreSQL.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createEmptyPostgresDatabase } from '@nimbus/db/src/testing';
import { list as listTar } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCli } from '../../cli/src/testing';
import { startServer } from '../server';
import { createCliPackage } from './cli-package';
import { loadConfig } from './config';

const run = promisify(execFile);
const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const cliManifest = JSON.parse(await readFile(path.join(repoRoot, 'apps', 'cli', 'package.json'), 'utf8'));
// The public URL (and so the tarball's server.json) names the port before the server starts: a free
// one from the system, not a fixed number that another run on this machine may hold at the same time.
const PORT = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});
const ORIGIN = `http://127.0.0.1:${PORT}`;

let started: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let home: string;
let prefix: string;
let token: string;
let served: string = cliManifest.version;

/** A user's shell: only PATH and a fresh HOME (no npm_* or NODE_* settings of the test runner). */
function userEnv(): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    PATH: process.env.PATH,
    HOME: home,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
}

async function nimbus(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(path.join(prefix, 'bin', 'nimbus'), args, { cwd: home, env: userEnv() });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** GET with a Host header (Node does not resolve *.localhost), to 127.0.0.1. */
function getWithHost(url: string): Promise<{ status: number; body: string }> {
  const { host, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  await buildCli();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-cli-server-'));
  home = await mkdtemp(path.join(tmpdir(), 'nimbus-cli-home-'));
  prefix = path.join(home, 'prefix');
  const postgres = inject('dbTemplate').kind === 'postgres';
  const config = loadConfig({
    PORT: String(PORT),
    HOST: '127.0.0.1',
    NIMBUS_DATA_DIR: dataDir,
    NIMBUS_PUBLIC_URL: ORIGIN,
    NIMBUS_SECRET: 'x'.repeat(32),
    ...(postgres ? { DATABASE_URL: await createEmptyPostgresDatabase() } : {}),
  });
  // No Next.js build is needed: the tarball, the API, the edge and the build worker are the front server's.
  config.roles.delete('web');
  started = await startServer(config, { cli: { version: () => served } });
  const browser = { origin: ORIGIN, 'content-type': 'application/json' };
  const signup = await fetch(`${ORIGIN}/api/v2/registration`, {
    method: 'POST',
    headers: browser,
    body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery', name: 'Ada' }),
  });
  expect(signup.status).toBe(200);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = await fetch(`${ORIGIN}/api/v3/user/tokens`, {
    method: 'POST',
    headers: { ...browser, cookie },
    body: JSON.stringify({ name: 'cli install test' }),
  });
  token = ((await created.json()) as { bearerToken: string }).bearerToken;
}, 120_000);

afterAll(async () => {
  await started?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe('GET /cli/nimbus.tgz and /cli/version', () => {
  it('names the version it hands out and where to get it', async () => {
    const res = await fetch(`${ORIGIN}/cli/version`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      name: 'nimbus-cli',
      version: cliManifest.version,
      tarball: `${ORIGIN}/cli/nimbus.tgz`,
    });
    expect((await fetch(`${ORIGIN}/api/health`)).headers.get('x-nimbus-cli-version')).toBe(cliManifest.version);
  });

  it('is a tarball of the bundle alone: no dependencies, a bin, and this server in server.json', async () => {
    const res = await fetch(`${ORIGIN}/cli/nimbus.tgz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const file = path.join(home, 'nimbus.tgz');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const entries: string[] = [];
    const contents: Record<string, string> = {};
    await listTar({
      file,
      onReadEntry: (entry) => {
        entries.push(entry.path);
        if (entry.path.endsWith('.json')) {
          let text = '';
          entry.on('data', (c: Buffer) => (text += c));
          entry.on('end', () => (contents[entry.path] = text));
        } else entry.resume();
      },
    });
    expect(entries.filter((e) => !e.endsWith('/')).sort()).toEqual([
      'package/README.md',
      'package/bin/nimbus.js',
      'package/dist/nimbus.js',
      'package/package.json',
      'package/server.json',
    ]);
    const manifest = JSON.parse(contents['package/package.json']!);
    expect(manifest).toMatchObject({
      name: 'nimbus-cli',
      version: cliManifest.version,
      bin: { nimbus: 'bin/nimbus.js' },
    });
    expect(Object.keys(manifest)).not.toEqual(expect.arrayContaining(['dependencies']));
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.private).toBeUndefined();
    expect(JSON.parse(contents['package/server.json']!)).toEqual({ url: ORIGIN });
    // The same bundle, version and URL give the same bytes, so npm's revalidation gets a 304.
    const again = await fetch(`${ORIGIN}/cli/nimbus.tgz`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('is not an API path: a POST is refused in JSON', async () => {
    const res = await fetch(`${ORIGIN}/cli/nimbus.tgz`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect((await res.json()).error.code).toBe('method_not_allowed');
  });
});

describe('a server whose CLI is not built', () => {
  it('answers 503 cli_not_built in JSON, and still names the version', async () => {
    const cliDir = path.join(home, 'unbuilt-cli');
    await mkdir(cliDir);
    await writeFile(path.join(cliDir, 'package.json'), JSON.stringify({ name: 'nimbus-cli', version: '1.2.3' }));
    const cli = createCliPackage({ publicUrl: 'https://nimbus.example.com/', cliDir });
    const server = createServer((req, res) => void cli.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${base}/cli/nimbus.tgz`);
      expect(res.status).toBe(503);
      expect((await res.json()).error.code).toBe('cli_not_built');
      expect(await (await fetch(`${base}/cli/version`)).json()).toEqual({
        name: 'nimbus-cli',
        version: '1.2.3',
        tarball: 'https://nimbus.example.com/cli/nimbus.tgz',
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the nimbus CLI installed from its server', () => {
  it('installs with npm from the server into a fresh prefix and HOME, and prints its version', async () => {
    await mkdir(prefix, { recursive: true });
    const args = ['install', '--global', '--prefix', prefix, `${ORIGIN}/cli/nimbus.tgz`];
    await run('npm', args, { cwd: home, env: userEnv(), timeout: 120_000 });
    const installed = JSON.parse(
      await readFile(path.join(prefix, 'lib', 'node_modules', 'nimbus-cli', 'package.json'), 'utf8'),
    );
    expect(installed.name).toBe('nimbus-cli');
    expect(await nimbus(['--version'])).toMatchObject({ code: 0, stdout: `${cliManifest.version}\n` });
  }, 180_000);

  it('logs in with a token without --api: the server it came from is its default', async () => {
    const result = await nimbus(['login', '--token', token]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Logged in as ada (ada@example.com) on ${ORIGIN}`);
    expect(result.stderr).not.toContain('newer nimbus');
  });

  it('deploys a folder, and the printed URL serves it', async () => {
    const site = path.join(home, 'site');
    await mkdir(site);
    await writeFile(path.join(site, 'index.html'), '<h1>Installed from the server</h1>');
    const result = await nimbus(['deploy', site, '--yes']);
    expect(result.code, result.stderr).toBe(0);
    const url = result.stdout.trim();
    expect(url).toMatch(new RegExp(`^http://site-[a-z0-9]+\\.localhost:${PORT}$`));
    expect(await getWithHost(`${url}/`)).toEqual({ status: 200, body: '<h1>Installed from the server</h1>' });
  }, 120_000);

  it('says once that the server has a newer nimbus, and nimbus upgrade installs it', async () => {
    served = '99.0.0';
    const first = await nimbus(['whoami']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(
      `A newer nimbus is available (${cliManifest.version} → 99.0.0): run \`nimbus upgrade\`, or npm install -g ${ORIGIN}/cli/nimbus.tgz`,
    );
    const second = await nimbus(['whoami']);
    expect(second.stdout).toBe('ada\n');
    expect(second.stderr).not.toContain('newer nimbus');

    const upgraded = await nimbus(['upgrade']);
    expect(upgraded.code, upgraded.stderr).toBe(0);
    expect(upgraded.stderr).toContain(`Installed nimbus 99.0.0 (was ${cliManifest.version}).`);
    expect(await nimbus(['--version'])).toMatchObject({ code: 0, stdout: '99.0.0\n' });
    expect((await nimbus(['upgrade'])).stderr).toBe(`nimbus 99.0.0 is up to date (${ORIGIN} hands out 99.0.0).\n`);
    // Still logged in: the upgrade kept the config.
    expect((await nimbus(['whoami'])).stdout).toBe('ada\n');
  }, 180_000);
});

describe('the install line', () => {
  it('no tracked file tells anyone to run the registry package: the words npx and nimbus never meet', async () => {
    const needle = ['npx', 'nimbus'].join(' ');
    const result = await run('git', ['grep', '-n', '-i', '-F', needle], { cwd: repoRoot }).catch(
      (error: { code: number; stdout: string }) => error,
    );
    // git grep exits 1 when nothing matches.
    expect(result.stdout).toBe('');
  });
});
