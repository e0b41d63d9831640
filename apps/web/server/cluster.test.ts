// NIMBUS_PROCESSES: the real server.ts started as a supervisor with two copies on one port, on a
// fresh PostgreSQL database (so both copies migrate it at once), then one copy killed.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmptyPostgresDatabase } from '@nimbus/db/src/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const template = inject('dbTemplate');
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One request on a new connection (no keep-alive), so the supervisor hands each to the next copy. */
function call(port: number, method: string, url: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

/** Starts apps/web/server.ts; an empty value in `env` removes that variable. */
function start(args: string[], env: Record<string, string>) {
  const merged: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...env };
  for (const [key, value] of Object.entries(env)) if (value === '') delete merged[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/web/server.ts', ...args], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const copies = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

async function until<T>(what: string, probe: () => T | undefined | false, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const value = probe();
    if (value) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('NIMBUS_PROCESSES', () => {
  it('refuses more than one process on PGlite, with the reason', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-cluster-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { NIMBUS_DATA_DIR: dataDir, DATABASE_URL: '' };
    const pglite = start(['--processes', '2'], env);
    expect(await pglite.exited).toBe(1);
    expect(pglite.output()).toContain('NIMBUS_PROCESSES above 1 needs DATABASE_URL');
    const nonsense = start(['--processes=many'], env);
    expect(await nonsense.exited).toBe(1);
    expect(nonsense.output()).toContain('NIMBUS_PROCESSES: use a whole number of processes');
  });

  it.skipIf(template.kind !== 'postgres')('says which port is taken instead of a stack trace', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-cluster-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const server = start(['--role', 'api,edge,worker'], {
      NIMBUS_DATA_DIR: dataDir,
      DATABASE_URL: await createEmptyPostgresDatabase(),
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    const code = await server.exited;
    taken.close();
    expect(code).toBe(1);
    expect(server.output()).toContain(`Port ${port} is already in use on 127.0.0.1`);
    expect(server.output()).not.toContain('    at ');
  });

  it.skipIf(template.kind !== 'postgres')(
    'runs copies that migrate one fresh database together, share the port and the data, and replaces a killed copy',
    { timeout: 150_000 },
    async () => {
      const url = await createEmptyPostgresDatabase();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-cluster-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

      const port = await freePort();
      const server = start(['--role', 'api,edge,worker', '--processes', '2'], {
        DATABASE_URL: url,
        NIMBUS_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NIMBUS_SECRET: '',
      });
      await until('two copies listening', () => (server.output().match(/Nimbus is running/g) ?? []).length === 2);
      const [first, second] = copies(server.child.pid!);
      expect(second, server.output()).toBeDefined();
      // One generated secret, written once, no temp files left behind.
      expect(readdirSync(dataDir).filter((f) => f.startsWith('secret'))).toEqual(['secret']);

      // A session made through one copy is read through the other: they share the database.
      const origin = `http://127.0.0.1:${port}`;
      const signup = await call(
        port,
        'POST',
        '/v2/registration',
        { 'content-type': 'application/json', origin },
        JSON.stringify({ email: 'copies@example.com', password: 'correct horse battery' }),
      );
      expect(signup.status, signup.body).toBe(200);
      const cookie = (signup.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
      for (let i = 0; i < 4; i++) {
        const user = await call(port, 'GET', '/v2/user', { cookie });
        expect(user.status).toBe(200);
        expect(JSON.parse(user.body).user.email).toBe('copies@example.com');
      }

      process.kill(first!, 'SIGKILL');
      const replaced = await until('a new copy', () => {
        const now = copies(server.child.pid!);
        return now.length === 2 && !now.includes(first!) && now;
      });
      expect(replaced).toContain(second);
      await until('the new copy listening', () => (server.output().match(/Nimbus is running/g) ?? []).length === 3);
      for (let i = 0; i < 4; i++) expect((await call(port, 'GET', '/v2/user', { cookie })).status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      for (const pid of replaced)
        expect(existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')).toBe(false);
    },
  );
});
