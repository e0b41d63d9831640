// Loopback plumbing shared by the benches: a free port, waiting until a server listens, one GET with
// a Host header (Node resolves no *.localhost, so the edge is always asked by Host), and one wrk
// run, bounded in time, parsed into requests/s, p99 latency, timeouts and errors.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import { promisify } from 'node:util';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port: number, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`Nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function fetchBytes(port: number, host: string, urlPath: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, headers: { host }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const run = promisify(execFile);

export interface WrkOptions {
  threads: number;
  connections: number;
  duration: string;
  /** Extra request headers, such as `Authorization: Bearer …`. */
  headers?: Record<string, string>;
  /** A Lua script for wrk's `-s` (a POST with a body, for instance). */
  script?: string;
}

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests wrk gave up on after its 2 s timeout: they are missing from the latency figures. */
  timeouts: number;
  errors: string | null;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

export async function wrk(url: string, host: string, options: WrkOptions): Promise<WrkResult> {
  const args = [
    '-t',
    String(options.threads),
    '-c',
    String(options.connections),
    '-d',
    options.duration,
    '--latency',
    '-H',
    `Host: ${host}`,
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    ...(options.script ? ['-s', options.script] : []),
    url,
  ];
  const { stdout } = await run('/usr/bin/wrk', args, { timeout: 120_000 });
  const requests = /(\d+) requests in/.exec(stdout);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const p50 = /\s50%\s+([\d.]+)(us|ms|s|m)\b/.exec(stdout);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s|m)\b/.exec(stdout);
  if (!requests || !rps || !p50 || !p99) throw new Error(`Could not read wrk's output:\n${stdout}`);
  const errors = [...stdout.matchAll(/(Socket errors:.*|Non-2xx or 3xx responses:.*)/g)].map((m) => m[1]!.trim());
  return {
    requests: Number(requests[1]),
    requestsPerSecond: Number(rps[1]),
    p50Ms: Number(p50[1]) * UNIT_MS[p50[2]!]!,
    p99Ms: Number(p99[1]) * UNIT_MS[p99[2]!]!,
    timeouts: Number(/timeout (\d+)/.exec(stdout)?.[1] ?? 0),
    errors: errors.length ? errors.join('; ') : null,
  };
}
