// What a function could try against the server that runs it, through a real sandboxed runner with the
// public network: every attempt must fail.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_UID_BASE_DEFAULT, teamHostUid } from '../sandbox';
import { hostCommandLines } from '../sandbox/testing';
import { createFunctionPool, type FunctionLog } from './pool';
import { call, writeFunction, writePythonFunction } from './testing';

let root: string;
let server: Server;
let port: number;
const logs: FunctionLog[] = [];
// Where the pool copies its runner scripts (and where runners without isolation would listen).
const socketRoot = mkdtempSync(path.join(tmpdir(), 'nimbus-fn-escape-sockets-'));
chmodSync(socketRoot, 0o711);
const pool = createFunctionPool({ network: 'public', onLog: (l) => logs.push(l), socketRoot });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'nimbus-fn-escape-'));
  chmodSync(root, 0o711);
  mkdirSync(path.join(root, 'data'));
  writeFileSync(path.join(root, 'data', 'secret'), 'the data directory secret');
  server = createServer((s) => s.end('nimbus')).listen(0, '0.0.0.0');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await pool.close();
  server.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(socketRoot, { recursive: true, force: true });
});

it.each([
  ['Node.js', {}],
  ['Bun', { runtime: 'bun1.x' }],
])(
  'a %s function cannot write its folder, reach the host, read host files, or act as root',
  { timeout: 60_000 },
  async (name, config) => {
    const secret = path.join(root, 'data', 'secret');
    const fn = writeFunction(
      root,
      {
        'index.js': `const fs = require('node:fs');
      const net = require('node:net');
      const attempt = (f) => { try { f(); return 'allowed'; } catch (e) { return 'refused ' + e.code; } };
      const connect = (host, port) => new Promise((resolve) => {
        const s = net.connect({ host, port, timeout: 3000 });
        s.once('connect', () => { s.destroy(); resolve('open'); });
        s.once('timeout', () => { s.destroy(); resolve('refused timeout'); });
        s.once('error', (e) => resolve('refused ' + e.code));
      });
      module.exports = async (req, res) => {
        const status = fs.readFileSync('/proc/self/status', 'utf8');
        res.end(JSON.stringify({
          engine: typeof Bun === 'undefined' ? 'Node.js' : 'Bun',
          writeOwnFolder: attempt(() => fs.writeFileSync(__dirname + '/index.js', 'hacked')),
          writeTmp: attempt(() => fs.writeFileSync('/tmp/scratch', 'ok')),
          passwd: fs.readFileSync('/etc/passwd', 'utf8'),
          dataDir: fs.existsSync(${JSON.stringify(secret)}),
          shadow: fs.existsSync('/etc/shadow'),
          uid: process.getuid(),
          capEff: /CapEff:\\s*(\\w+)/.exec(status)[1],
          postgres: await connect('127.0.0.1', 5432),
          hostLoopback: await connect('127.0.0.1', ${port}),
          gateway: await connect('10.0.2.2', ${port}),
          gatewayPostgres: await connect('10.0.2.2', 5432),
          metadata: await connect('169.254.169.254', 80),
        }));
      };`,
      },
      config,
    );
    const r = await call(pool, fn);
    expect(r.status).toBe(200);
    const seen = JSON.parse(r.text);
    expect(seen.engine).toBe(name);
    expect(seen.writeOwnFolder).toMatch(/^refused (EROFS|EACCES)/);
    expect(seen.writeTmp).toBe('allowed');
    expect(seen.passwd).not.toBe(readFileSync('/etc/passwd', 'utf8'));
    expect(seen.passwd).not.toMatch(/^root:.*:\/bin\/(ba)?sh$/m);
    expect(seen.dataDir).toBe(false);
    expect(seen.shadow).toBe(false);
    expect(seen.uid).not.toBe(0);
    expect(seen.capEff).toBe('0000000000000000');
    for (const target of ['postgres', 'hostLoopback', 'gateway', 'gatewayPostgres', 'metadata'])
      expect(seen[target], target).toMatch(/^refused/);
    expect(readFileSync(path.join(fn.dir, 'index.js'), 'utf8')).not.toBe('hacked');
  },
);

it('a Python function cannot either', { timeout: 30_000 }, async () => {
  const secret = path.join(root, 'data', 'secret');
  const fn = writePythonFunction(
    root,
    {
      'index.py': `import json, os, re, socket

def attempt(f):
    try:
        f()
        return "allowed"
    except OSError as e:
        return f"refused {e.errno}"

def connect(host, port):
    s = socket.socket()
    s.settimeout(3)
    try:
        s.connect((host, port))
        return "open"
    except OSError as e:
        return f"refused {e}"
    finally:
        s.close()

def write(path):
    with open(path, "w") as f:
        f.write("hacked")

def app(environ, start_response):
    status = open("/proc/self/status").read()
    seen = {
        "writeOwnFolder": attempt(lambda: write(__file__)),
        "writeTmp": attempt(lambda: write("/tmp/scratch")),
        "setuid": attempt(lambda: os.setuid(0)),
        "passwd": open("/etc/passwd").read(),
        "dataDir": os.path.exists(${JSON.stringify(secret)}),
        "shadow": os.path.exists("/etc/shadow"),
        "uid": os.getuid(),
        "capEff": re.search(r"CapEff:\\s*(\\w+)", status).group(1),
        "postgres": connect("127.0.0.1", 5432),
        "hostLoopback": connect("127.0.0.1", ${port}),
        "gateway": connect("10.0.2.2", ${port}),
        "gatewayPostgres": connect("10.0.2.2", 5432),
    }
    start_response("200 OK", [("content-type", "application/json")])
    return [json.dumps(seen).encode()]
`,
    },
    { entrypoint: 'index.py', variable: 'app' },
  );
  const r = await call(pool, fn);
  expect(r.status, r.text).toBe(200);
  const seen = JSON.parse(r.text);
  expect(seen.writeOwnFolder).toMatch(/^refused (30|13)$/);
  expect(seen.writeTmp).toBe('allowed');
  expect(seen.setuid).toMatch(/^refused/);
  expect(seen.passwd).not.toBe(readFileSync('/etc/passwd', 'utf8'));
  expect(seen.dataDir).toBe(false);
  expect(seen.shadow).toBe(false);
  expect(seen.uid).not.toBe(0);
  expect(seen.capEff).toBe('0000000000000000');
  for (const target of ['postgres', 'hostLoopback', 'gateway', 'gatewayPostgres'])
    expect(seen[target], target).toMatch(/^refused/);
  expect(readFileSync(path.join(fn.dir, 'index.py'), 'utf8')).not.toBe('hacked');
});

it("keeps a function's variables out of the host's process list, and gives them to the function", async () => {
  const secret = `nimbus-fn-secret-${Date.now()}`;
  const fn = writeFunction(
    root,
    { 'index.js': 'module.exports = (req, res) => res.end(process.env.API_KEY);' },
    {},
    { API_KEY: secret },
  );
  const r = await call(pool, fn);
  expect(r.text).toBe(secret);
  // The runner is still up, waiting for the next request.
  const cmdlines = hostCommandLines();
  expect(cmdlines.some((c) => c.includes('runner.mjs'))).toBe(true);
  expect(cmdlines.filter((c) => c.includes(secret))).toEqual([]);
});

it("cannot attach its log lines to another function's request", async () => {
  const victim = writeFunction(root, {
    'index.js': "module.exports = (req, res) => { console.log('victim line'); res.end(); };",
  });
  const own = await call(pool, victim);
  // The runner's own protocol line, written raw to its stdout as the runner writes it.
  const attacker = writeFunction(root, {
    'index.js': `const fs = require('node:fs');
      module.exports = (req, res) => {
        const id = new URL(req.url, 'http://x').searchParams.get('id');
        fs.writeSync(1, JSON.stringify({ t: 'log', s: 'stdout', id, m: 'forged line', time: Date.now() }) + '\\n');
        res.end();
      };`,
  });
  const attack = await call(pool, attacker, { url: `/?id=${encodeURIComponent(own.requestId)}` });
  expect(attack.status).toBe(200);
  await new Promise((r) => setTimeout(r, 200));
  expect(logs.filter((l) => l.requestId === own.requestId).map((l) => l.message)).toEqual(['victim line']);
  const forged = logs.filter((l) => l.message === 'forged line');
  expect(forged).toHaveLength(1);
  expect(forged[0]!.key).toBe(attacker.key);
  expect(forged[0]!.requestId).not.toBe(own.requestId);
});

it.each([
  ['Node.js', {}],
  ['Bun', { runtime: 'bun1.x' }],
])(
  'a %s function writes only its /tmp, and at most 500 MB there: nothing lands on the host disk',
  { timeout: 90_000 },
  async (_name, config) => {
    const fn = writeFunction(
      root,
      {
        'index.js': `const fs = require('node:fs');
      // The folder of the runner's socket, where it listens: the one place a runner could write once.
      const socketFolder = require('node:path').dirname(process.argv[3]);
      const fill = (file, mb) => {
        const chunk = Buffer.alloc(1024 * 1024, 1);
        const fd = fs.openSync(file, 'w');
        let written = 0;
        try {
          for (; written < mb; written++) fs.writeSync(fd, chunk);
          return 'wrote ' + written;
        } catch (e) {
          return e.code + ' after ' + written;
        } finally {
          fs.closeSync(fd);
        }
      };
      const attempt = (f) => { try { f(); return 'allowed'; } catch (e) { return 'refused ' + e.code; } };
      module.exports = (req, res) => {
        res.end(JSON.stringify({
          tmp: fill(socketFolder + '/big', 600),
          root: attempt(() => fs.writeFileSync('/scratch', 'x')),
          dev: attempt(() => fs.writeFileSync('/dev/scratch', 'x')),
          shm: attempt(() => fs.writeFileSync('/dev/shm/scratch', 'x')),
          mkdir: attempt(() => fs.mkdirSync('/scratch-folder')),
          devNull: attempt(() => fs.writeFileSync('/dev/null', 'x')),
        }));
      };`,
      },
      { ...config, memory: 1024 },
    );
    const r = await call(pool, fn);
    expect(r.status, r.text).toBe(200);
    const seen = JSON.parse(r.text);
    const [, code, mb] = /^(\w+) after (\d+)$/.exec(seen.tmp) ?? [];
    expect(code, seen.tmp).toBe('ENOSPC');
    expect(Number(mb)).toBeLessThanOrEqual(500);
    for (const place of ['root', 'dev', 'shm', 'mkdir']) expect(seen[place], place).toMatch(/^refused (EROFS|EACCES)/);
    expect(seen.devNull).toBe('allowed');
    expect(folderBytes(socketRoot)).toBeLessThan(1024 ** 2);
  },
);

it('a Python function writes only its /tmp, at most 500 MB', { timeout: 90_000 }, async () => {
  const fn = writePythonFunction(
    root,
    {
      'index.py': `import json, os

def fill(path, mb):
    written = 0
    try:
        with open(path, "wb") as f:
            for written in range(mb):
                f.write(b"x" * 1024 * 1024)
                f.flush()
        return f"wrote {mb}"
    except OSError as e:
        return f"{e.errno} after {written}"
    finally:
        if os.path.exists(path):
            os.remove(path)

def attempt(path):
    try:
        open(path, "w").write("x")
        return "allowed"
    except OSError as e:
        return f"refused {e.errno}"

def app(environ, start_response):
    seen = {"tmp": fill("/tmp/big", 600), "root": attempt("/scratch"), "shm": attempt("/dev/shm/scratch")}
    start_response("200 OK", [("content-type", "application/json")])
    return [json.dumps(seen).encode()]
`,
    },
    { entrypoint: 'index.py', variable: 'app' },
  );
  const r = await call(pool, fn);
  expect(r.status, r.text).toBe(200);
  const seen = JSON.parse(r.text);
  // 28: ENOSPC; 30: EROFS; 13: EACCES.
  expect(seen.tmp).toMatch(/^28 after \d+$/);
  expect(seen.root).toMatch(/^refused (30|13)$/);
  expect(seen.shm).toMatch(/^refused (30|13)$/);
  expect(folderBytes(socketRoot)).toBeLessThan(1024 ** 2);
});

/** Bytes stored under a host folder. */
function folderBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);
}

it('cannot raise its own memory limit past its plan’s: asking 16384 MB on Hobby runs with 2048 MB', {
  timeout: 60_000,
}, async () => {
  const fn = {
    ...writeFunction(
      root,
      {
        'index.js': `const v8 = require('node:v8');
      const held = [];
      module.exports = (req, res) => {
        if (req.url === '/heap') return res.end(String(v8.getHeapStatistics().heap_size_limit));
        // Held outside the V8 heap, touched page by page: only the cgroup limit stops it.
        while (held.length * 64 < 2600) held.push(Buffer.alloc(64 * 1024 * 1024, 1));
        res.end('held ' + held.length * 64 + ' MB');
      };`,
      },
      { memory: 16384 },
    ),
    plan: 'hobby' as const,
  };
  // V8's heap is sized from the memory the runner was given (three quarters of it).
  const heap = Number((await call(pool, fn, { url: '/heap' })).text);
  expect(heap).toBeLessThan(2048 * 1024 ** 2);
  const r = await call(pool, fn);
  expect(r.text).not.toMatch(/^held/);
  expect(r.status).toBe(500);
  expect(r.text).toMatch(/ran out of memory.*2048 MB/);
});

it("runs each team's functions as the team's own host uid", { timeout: 60_000 }, async () => {
  const marker = `nimbus-fn-uid-${Date.now()}`;
  const uids = [1, 2].map((team) => teamHostUid(SANDBOX_UID_BASE_DEFAULT, team));
  for (const sandboxUid of [1, 2]) {
    // The runner's process names itself, so the host can find it in its process list.
    const fn = writeFunction(root, {
      'index.js': `process.title = '${marker}-${sandboxUid}';\nmodule.exports = (req, res) => res.end('ok');`,
    });
    expect((await call(pool, { ...fn, sandboxUid })).text).toBe('ok');
  }
  const ps = execFileSync('ps', ['-eo', 'uid=,args=']).toString().split('\n');
  const owner = (team: number) =>
    ps
      .find((l) => l.includes(`${marker}-${team}`))
      ?.trim()
      .split(/\s+/)[0];
  expect([owner(1), owner(2)]).toEqual(uids.map(String));
});
