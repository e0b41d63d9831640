// One runner: a sandboxed `node runner.mjs` serving one function on a Unix socket. It starts, forwards
// requests over keep-alive connections, answers pings, and reports why it ended (exit code, signal,
// the memory limit). The pool (pool.ts) decides when to start and stop runners. An isolated runner
// writes nothing of the host's: its socket is on its own /tmp, a tmpfs of fixed size, and the host
// reaches it through the job's root (/proc/<pid>/root), held open from the moment the runner listens.

import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FunctionConfig } from '@nimbus/core';
import { bunForRuntime, nodeForRuntime } from '../build/toolchain';
import { type NetworkMode, runSandboxed, type SandboxResult } from '../sandbox';
import { type RunnerResponse, SocketClient } from './socket-client';

// Not `new URL('./runner.mjs', import.meta.url)`: Next.js's bundler (which bundles this module into the
// dashboard's server code) turns that form into an asset URL that fileURLToPath refuses, failing the build.
export const RUNNER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'runner.mjs');
/** The runner of Python functions (`runtime: python3.x`), on the machine's Debian Python. */
export const PYTHON_RUNNER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'runner.py');
export const PYTHON = '/usr/bin/python3';
const TASK_DIR = '/var/task';
/** The package export conditions of Vercel's edge runtime, beside Node's own. */
const EDGE_CONDITIONS = ['edge-light', 'worker', 'browser'];
const SCRIPT_IN_SANDBOX = '/opt/nimbus/runner.mjs';
/** How long after its answer a request's id still tags the runner's lines (waitUntil work, a late flush). */
const LATE_LINES_MS = 5_000;
const PYTHON_SCRIPT_IN_SANDBOX = '/opt/nimbus/runner.py';
/** Where an isolated runner listens: on its own /tmp, inside the sandbox. */
const SOCKET_IN_SANDBOX = '/tmp/.nimbus-runner.sock';

/** Whether a function's `.vc-config.json` runtime (`python3.12`) is Python's. */
export function isPythonRuntime(runtime: string | undefined): boolean {
  return /^python3/.test(runtime ?? '');
}

export interface LogLine {
  requestId: string | null;
  stream: 'stdout' | 'stderr';
  message: string;
  time: number;
}

export interface RunnerSpec {
  dir: string;
  config: FunctionConfig;
  env: Record<string, string>;
  /** Folder that holds one private folder (its socket) per runner run without isolation. */
  socketRoot: string;
  /** The runner script for the function's runtime (runner.mjs or runner.py), copied where the sandbox user can read it (see pool.ts). */
  script: string;
  network: NetworkMode;
  /** The host uid of the function's team, which the isolated runner runs as. */
  hostUid: number;
  memoryMb: number;
  /** Size of the function's /tmp, its only writable space; it counts in memoryMb too. */
  tmpMb: number;
  processes: number;
  isolate: boolean;
  concurrency: number;
  startTimeoutMs: number;
  onLog(line: LogLine): void;
}

/** How a runner ended, in words a user can act on, and whether memory was the reason. */
export interface RunnerEnd {
  result: SandboxResult | null;
  outOfMemory: boolean;
  message: string;
}

export class Runner {
  inFlight = 0;
  dead = false;
  idleTimer: NodeJS.Timeout | undefined;
  readonly ended: Promise<RunnerEnd>;
  /** The socket as the host reaches it, once the runner listens. */
  socket = '';
  private client: SocketClient | null = null;
  /** The isolated job's root, held open so its socket is reached even if its pid is later reused. */
  private root: FileHandle | null = null;
  private heapOutOfMemory = false;
  /** Ids of the requests sent to this runner and not yet answered, and of those answered lately, by when. */
  private readonly inFlightIds = new Set<string>();
  private readonly answeredIds = new Map<string, number>();

  private constructor(
    readonly spec: RunnerSpec,
    readonly folder: string | null,
    sandbox: Promise<SandboxResult>,
    private readonly controller: AbortController,
  ) {
    this.ended = sandbox.then(
      (result) => this.describe(result),
      (err: Error) => ({ result: null, outOfMemory: false, message: `The function could not start: ${err.message}` }),
    );
    void this.ended.then(async () => {
      this.dead = true;
      this.client?.destroy();
      clearTimeout(this.idleTimer);
      await this.root?.close().catch(() => undefined);
      if (folder) await rm(folder, { recursive: true, force: true });
    });
  }

  /** The runner listens: at `socket` on the host, or (isolated) on its own /tmp, through the job's root. */
  private async listening(socket: string | { jobPid: number }) {
    if (typeof socket !== 'string') {
      const root = await open(`/proc/${socket.jobPid}/root`, 'r');
      // A runner that ended meanwhile may have left its pid to another process: its root is not this one.
      if (this.dead) {
        await root.close();
        throw new Error('The function stopped as it started.');
      }
      this.root = root;
      socket = `/proc/self/fd/${root.fd}${SOCKET_IN_SANDBOX}`;
    }
    this.socket = socket;
    this.client = new SocketClient(socket);
  }

  /** Starts a runner; resolves once it listens, rejects with the reason it ended if it never does. */
  static async start(spec: RunnerSpec): Promise<Runner> {
    const isolate = spec.isolate;
    // Without isolation the runner listens in a folder of the host, as before the sandbox existed.
    const folder = isolate ? null : await mkdtemp(path.join(spec.socketRoot, 'r-'));
    const socket = folder ? path.join(folder, 's') : SOCKET_IN_SANDBOX;
    let jobPid = 0;
    let ready: () => void = () => undefined;
    const listening = new Promise<void>((resolve) => (ready = resolve));
    let runner: Runner | undefined;
    const lines = (stream: 'stdout' | 'stderr') => {
      let rest = '';
      return new Writable({
        write(chunk, _enc, done) {
          rest += chunk;
          const parts = rest.split('\n');
          rest = parts.pop()!;
          for (const part of parts) {
            if (stream === 'stdout' && part.startsWith('{"t":"ready"')) ready();
            else runner?.line(stream, part);
          }
          done();
        },
      });
    };
    const memoryBytes = spec.memoryMb * 1024 ** 2;
    const controller = new AbortController();
    const python = isPythonRuntime(spec.config.runtime);
    // Bun's runtime (`bun1.x`) runs runner.mjs on bun from the build image; a missing bun says so when it starts.
    const bun = await bunForRuntime(spec.config.runtime ?? '');
    // The Node.js major the function was built for (`nodejs22.x`), from the build image; others run on Nimbus's own.
    const runtimeNode = python || bun ? null : await nodeForRuntime(spec.config.runtime ?? '').catch(() => null);
    const nodeHome = runtimeNode && path.dirname(path.dirname(runtimeNode));
    // The build image's binary for the runtime (at its mount when isolated), else Nimbus's own Node.js.
    const image = bun ?? runtimeNode;
    const node = !image ? process.execPath : !isolate ? image : bun ? '/opt/bun/bun' : '/opt/node/bin/node';
    const scriptAt = isolate ? (python ? PYTHON_SCRIPT_IN_SANDBOX : SCRIPT_IN_SANDBOX) : spec.script;
    const sandbox = runSandboxed({
      argv: python
        ? [PYTHON, scriptAt, isolate ? TASK_DIR : spec.dir, socket]
        : [
            node,
            // V8's heap stops short of the cgroup limit so a heap overflow reports itself instead of being killed silently.
            ...(bun ? [] : [`--max-old-space-size=${Math.max(16, Math.floor(spec.memoryMb * 0.75))}`]),
            // Edge code resolves packages as Vercel's edge runtime does (react-dom/server's Web build).
            ...(spec.config.runtime === 'edge' ? EDGE_CONDITIONS.map((c) => `--conditions=${c}`) : []),
            scriptAt,
            isolate ? TASK_DIR : spec.dir,
            socket,
          ],
      cwd: isolate ? TASK_DIR : spec.dir,
      env: {
        PATH: '/usr/local/bin:/usr/bin:/bin',
        HOME: '/tmp',
        TMPDIR: folder ?? '/tmp',
        ...(python ? { PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' } : { NODE_ENV: 'production' }),
        ...spec.config.environment,
        ...spec.env,
      },
      hostUid: spec.hostUid,
      writable: folder ? [folder] : [],
      readOnlyRoot: isolate,
      readOnly: isolate
        ? {
            [spec.dir]: TASK_DIR,
            [spec.script]: scriptAt,
            ...(nodeHome ? { [nodeHome]: '/opt/node' } : {}),
            ...(bun ? { [path.dirname(bun)]: '/opt/bun' } : {}),
          }
        : undefined,
      network: spec.network,
      limits: { memory: memoryBytes, processes: spec.processes, tmp: spec.tmpMb * 1024 ** 2 },
      isolate,
      onJob: (pid) => (jobPid = pid),
      stdout: lines('stdout'),
      stderr: lines('stderr'),
      signal: controller.signal,
    });
    const created = new Runner(spec, folder, sandbox, controller);
    runner = created;
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), spec.startTimeoutMs).unref(),
    );
    const first = await Promise.race([listening.then(() => 'ready' as const), created.ended, timeout]);
    if (first === 'ready')
      try {
        await created.listening(folder ? socket : { jobPid });
        return created;
      } catch (err) {
        created.kill();
        throw err;
      }
    created.kill();
    if (first === 'timeout')
      throw new Error(`The function did not start listening within ${spec.startTimeoutMs / 1000} seconds.`);
    throw new Error(first.message);
  }

  /**
   * One line the runner printed. Its request id is the function's to write (the function shares the
   * runner's process and stdout), so it is kept only when the host sent that request to this runner:
   * a line naming any other request is the function's own, with no request.
   */
  private line(stream: 'stdout' | 'stderr', text: string) {
    if (stream === 'stdout' && text.startsWith('{"t":"log"')) {
      try {
        const r = JSON.parse(text) as { s: 'stdout' | 'stderr'; id: string | null; m: string; time: number };
        const requestId = typeof r.id === 'string' && this.sentHere(r.id) ? r.id : null;
        return this.spec.onLog({ requestId, stream: r.s, message: r.m, time: r.time });
      } catch {
        // not one of ours after all: reported as it is below
      }
    }
    // Node's own fatal messages bypass the runner's console and come here raw.
    if (/JavaScript heap out of memory|Reached heap limit/.test(text)) this.heapOutOfMemory = true;
    this.spec.onLog({ requestId: null, stream, message: text, time: Date.now() });
  }

  private describe(result: SandboxResult): RunnerEnd {
    const outOfMemory = result.limit === 'memory' || this.heapOutOfMemory;
    let message: string;
    if (outOfMemory)
      message = `The function ran out of memory: it used more than its limit of ${this.spec.memoryMb} MB and was stopped.`;
    else if (result.limit === 'processes')
      message = `The function started more processes or threads than its limit of ${this.spec.processes}.`;
    else if (result.exitCode !== null)
      message = `The function's process exited with code ${result.exitCode} while requests were in flight.`;
    else message = `The function's process was stopped (${result.signal ?? 'unknown signal'}).`;
    return { result, outOfMemory, message };
  }

  /**
   * Sends one request to the function under `requestId`; resolves with its response head, the body
   * still streaming. The caller calls `answered` with the id once the request is over.
   */
  forward(
    requestId: string,
    method: string,
    url: string,
    headers: Record<string, string | string[]>,
    body: NodeJS.ReadableStream | null,
  ): { response: Promise<RunnerResponse>; abort(): void } {
    this.inFlightIds.add(requestId);
    return this.client!.request(method, url, { ...headers, 'x-nimbus-request-id': requestId }, body);
  }

  /** The request is over: its id tags the runner's lines for LATE_LINES_MS more. */
  answered(requestId: string): void {
    if (!this.inFlightIds.delete(requestId)) return;
    const now = Date.now();
    this.answeredIds.set(requestId, now);
    // Oldest first, in the order they were answered.
    for (const [id, at] of this.answeredIds) {
      if (now - at <= LATE_LINES_MS) break;
      this.answeredIds.delete(id);
    }
  }

  private sentHere(requestId: string): boolean {
    if (this.inFlightIds.has(requestId)) return true;
    const at = this.answeredIds.get(requestId);
    return at !== undefined && Date.now() - at <= LATE_LINES_MS;
  }

  /** Whether the runner's event loop answers within the time: a busy loop does not. */
  ping(timeoutMs: number, control: 'ping' | 'drain' = 'ping'): Promise<boolean> {
    return new Promise((resolve) => {
      const req = httpRequest(
        { socketPath: this.socket, path: '/', headers: { 'x-nimbus-control': control }, agent: false },
        (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode === 200));
        },
      );
      req.setTimeout(timeoutMs, () => (req.destroy(), resolve(false)));
      req.once('error', () => resolve(false));
      req.end();
    });
  }

  kill(): void {
    this.dead = true;
    this.controller.abort();
  }
}
