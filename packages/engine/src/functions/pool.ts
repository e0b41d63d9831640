// The function pool: runs each function of a deployment in sandboxed runner processes (runner-process.ts),
// never in the server's own process (`vm` is not a security boundary). Runners start on a function's
// first request (a cold start), serve up to `concurrency` requests at once, multiply up to
// `maxRunnersPerKey` under load (one more in the background once every runner has `spreadAt` in
// flight, up to the machine's cores), and stop after `idleMs` without requests, so an idle function costs
// nothing. Guarantees to the caller: every invoke resolves (never rejects) with a response; a request
// past maxDuration answers 504 FUNCTION_INVOCATION_TIMEOUT; a function that throws, exits or runs out
// of memory answers 500 FUNCTION_INVOCATION_FAILED and the next request gets a fresh runner.
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { functionMemory } from '@nimbus/core';
import { SANDBOX_UID_BASE_DEFAULT, teamHostUid } from '../sandbox';
import { errorResponse, type FunctionErrorCode, type FunctionResponse } from './responses';
import { isPythonRuntime, PYTHON_RUNNER_SCRIPT, RUNNER_SCRIPT, Runner } from './runner-process';
import type { RunnerResponse } from './socket-client';
import type { FunctionPool, FunctionPoolOptions, FunctionRef, FunctionRequest } from './types';

export type { FunctionResponse } from './responses';
export type * from './types';

interface Waiter {
  requestId: string;
  resolve(slot: { runner: Runner; cold: boolean }): void;
  reject(err: Error): void;
}

interface Group {
  fn: FunctionRef;
  runners: Runner[];
  starting: number;
  waiters: Waiter[];
}

// Hop-by-hop headers and the pool's own are not the function's to see or to set.
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'x-nimbus-request-id',
  'x-nimbus-control',
]);
// A request body goes to the runner chunked, whatever framing it arrived with.
const REQUEST_DROPPED = new Set([...DROPPED, 'content-length', 'expect']);

const CORES = availableParallelism();

export function createFunctionPool(options: FunctionPoolOptions = {}): FunctionPool {
  const o = {
    network: options.network ?? 'none',
    isolate: options.isolate !== false,
    uidBase: options.uidBase ?? SANDBOX_UID_BASE_DEFAULT,
    defaultMemoryMb: options.defaultMemoryMb ?? 1024,
    memoryMaxMb: options.memoryMaxMb ?? 4096,
    tmpMb: options.tmpMb ?? 500,
    defaultMaxDuration: options.defaultMaxDuration ?? 60,
    maxDurationCap: options.maxDurationCap ?? 300,
    concurrency: options.concurrency ?? 32,
    spreadAt: options.spreadAt ?? 8,
    maxRunnersPerKey: options.maxRunnersPerKey ?? 4,
    idleMs: options.idleMs ?? 5 * 60_000,
    processes: options.processes ?? 128,
    startTimeoutMs: options.startTimeoutMs ?? 30_000,
    pingTimeoutMs: options.pingTimeoutMs ?? 1_000,
  };
  const groups = new Map<string, Group>();
  // Request ids: unique per pool by a random prefix, then a counter (no entropy needed per request).
  const idPrefix = `${options.region ?? 'local'}::${randomBytes(6).toString('hex')}-`;
  let sequence = 0;
  let closed = false;
  const shared = (async () => {
    const parent = options.socketRoot ?? tmpdir();
    await mkdir(parent, { recursive: true });
    const dir = await mkdtemp(path.join(parent, 'nimbus-fn-'));
    // Every team's host uid passes through to the runner scripts (readable by all) but cannot list the
    // folder, where runners without isolation listen. The scripts are copied here so those users need
    // not reach the server's install folder (which may be private) to read them.
    await chmod(dir, 0o711);
    const copy = async (from: string) => {
      const to = path.join(dir, path.basename(from));
      await copyFile(from, to);
      await chmod(to, 0o644);
      return to;
    };
    return { dir, node: await copy(RUNNER_SCRIPT), python: await copy(PYTHON_RUNNER_SCRIPT) };
  })();

  // What a function asks for in its own config is capped by its plan and the server.
  const memoryOf = (fn: FunctionRef) =>
    functionMemory(fn.config.memory, fn.plan, { defaultMb: o.defaultMemoryMb, maxMb: o.memoryMaxMb }).mb;
  const log = (key: string, requestId: string | null, message: string) =>
    options.onLog?.({ key, requestId, stream: 'stderr', message, time: Date.now() });

  function release(group: Group, runner: Runner, requestId: string) {
    runner.answered(requestId);
    runner.inFlight--;
    if (runner.inFlight === 0 && !runner.dead) {
      clearTimeout(runner.idleTimer);
      runner.idleTimer = setTimeout(() => void stopIdle(group, runner), o.idleMs);
      runner.idleTimer.unref();
    }
    pump(group);
  }

  async function stopIdle(group: Group, runner: Runner) {
    if (runner.inFlight > 0 || runner.dead) return;
    group.runners = group.runners.filter((r) => r !== runner);
    // waitUntil work still running gets the function's own time limit to finish.
    const maxDuration = Math.min(group.fn.config.maxDuration ?? o.defaultMaxDuration, o.maxDurationCap);
    await runner.ping(maxDuration * 1000, 'drain');
    runner.kill();
  }

  function pump(group: Group) {
    const live = (group.runners = group.runners.filter((r) => !r.dead));
    while (group.waiters.length) {
      const runner = live.filter((r) => r.inFlight < o.concurrency).sort((a, b) => a.inFlight - b.inFlight)[0];
      if (!runner) break;
      runner.inFlight++;
      clearTimeout(runner.idleTimer);
      group.waiters.shift()!.resolve({ runner, cold: false });
    }
    // A function with nothing running or waiting is forgotten, so keys of old deployments do not pile up.
    if (!live.length && !group.starting && !group.waiters.length && groups.get(group.fn.key) === group)
      groups.delete(group.fn.key);
    const needed = Math.ceil(group.waiters.length / o.concurrency) - group.starting;
    const room = o.maxRunnersPerKey - live.length - group.starting;
    for (let i = 0; i < Math.min(needed, room); i++) void start(group);
    // Busy everywhere but not full: one more runner, on another core, takes new requests once it is up.
    if (
      !group.starting &&
      live.length > 0 &&
      live.length < Math.min(o.maxRunnersPerKey, CORES) &&
      live.every((r) => r.inFlight >= o.spreadAt)
    )
      void start(group);
  }

  async function start(group: Group) {
    group.starting++;
    const { fn } = group;
    // What a runner prints while it loads belongs to the request that is waiting for it.
    const coldRequest = group.waiters[0]?.requestId ?? null;
    let loading = true;
    try {
      const runner = await Runner.start({
        dir: fn.dir,
        config: fn.config,
        env: fn.env,
        socketRoot: (await shared).dir,
        script: (await shared)[isPythonRuntime(fn.config.runtime) ? 'python' : 'node'],
        network: o.network,
        // The function's team's own host uid: no other team's runner or build shares it.
        hostUid: teamHostUid(o.uidBase, fn.sandboxUid),
        memoryMb: memoryOf(fn),
        tmpMb: o.tmpMb,
        processes: o.processes,
        isolate: o.isolate,
        concurrency: o.concurrency,
        startTimeoutMs: o.startTimeoutMs,
        onLog: (line) =>
          options.onLog?.({ key: fn.key, ...line, requestId: line.requestId ?? (loading ? coldRequest : null) }),
      });
      loading = false;
      group.starting--;
      if (closed) return runner.kill();
      group.runners.push(runner);
      void runner.ended.then(() => pump(group));
      // The request that waited for this runner is the cold one.
      const first = group.waiters.shift();
      if (first) {
        runner.inFlight++;
        first.resolve({ runner, cold: true });
      }
      pump(group);
    } catch (err) {
      loading = false;
      group.starting--;
      // Nothing else will serve these requests: they share the reason this runner did not start.
      const failed =
        group.runners.length || group.starting ? group.waiters.splice(0, o.concurrency) : group.waiters.splice(0);
      for (const w of failed) w.reject(err as Error);
    }
  }

  function acquire(fn: FunctionRef, requestId: string): Promise<{ runner: Runner; cold: boolean; group: Group }> {
    let group = groups.get(fn.key);
    if (!group) groups.set(fn.key, (group = { fn, runners: [], starting: 0, waiters: [] }));
    const g = group;
    return new Promise((resolve, reject) => {
      g.waiters.push({ requestId, resolve: (slot) => resolve({ ...slot, group: g }), reject });
      pump(g);
    });
  }

  async function invoke(fn: FunctionRef, request: FunctionRequest): Promise<FunctionResponse> {
    const requestId = `${idPrefix}${(++sequence).toString(36)}-${Date.now()}`;
    const started = performance.now();
    const accept = headerValue(request.headers.accept);
    const memoryMb = memoryOf(fn);
    const pathOnly = request.url.split('?')[0]!;
    const record = (status: number, cold: boolean, error?: FunctionErrorCode) =>
      options.onRequest?.({
        key: fn.key,
        requestId,
        method: request.method,
        path: pathOnly,
        status,
        durationMs: Math.round(performance.now() - started),
        cold,
        memoryMb,
        ...(error ? { error } : {}),
      });
    const fail = (code: FunctionErrorCode, message: string, cold: boolean) => {
      log(fn.key, requestId, message);
      record(code === 'FUNCTION_INVOCATION_TIMEOUT' ? 504 : 500, cold, code);
      return errorResponse(code, message, requestId, cold, accept);
    };
    if (closed) return fail('FUNCTION_INVOCATION_FAILED', 'The server is shutting down; retry the request.', false);

    let slot: { runner: Runner; cold: boolean; group: Group };
    try {
      slot = await acquire(fn, requestId);
    } catch (err) {
      request.body?.resume();
      return fail('FUNCTION_INVOCATION_FAILED', (err as Error).message, true);
    }
    const { runner, cold, group } = slot;
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      release(group, runner, requestId);
    };

    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined && !REQUEST_DROPPED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    // HTTP/1.1 requires a Host; node:http answers 400 without one.
    headers.host ??= 'localhost';
    const maxDuration = Math.min(fn.config.maxDuration ?? o.defaultMaxDuration, o.maxDurationCap);
    const call = runner.forward(requestId, request.method, request.url, headers, request.body);

    let timedOut = false;
    let onTimeout: () => void = () => undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      call.abort();
      onTimeout();
      // A handler that awaits forever leaves the runner healthy; a busy loop does not answer and is killed.
      void runner.ping(o.pingTimeoutMs).then((alive) => {
        if (alive) return;
        log(fn.key, requestId, 'The function did not answer after its time limit and was stopped.');
        runner.kill();
      });
    }, maxDuration * 1000);
    const timeoutMessage = `The function ran past its limit of ${maxDuration} seconds (maxDuration) and was stopped.`;

    let response: RunnerResponse;
    try {
      response = await Promise.race([
        call.response,
        new Promise<never>((_, reject) => (onTimeout = () => reject(new Error('timeout')))),
      ]);
    } catch (err) {
      clearTimeout(timer);
      done();
      if (timedOut) return fail('FUNCTION_INVOCATION_TIMEOUT', timeoutMessage, cold);
      return fail('FUNCTION_INVOCATION_FAILED', await crashReason(runner, err as Error), cold);
    }

    if (response.headers.some(([name]) => name.toLowerCase() === 'x-nimbus-error')) {
      clearTimeout(timer);
      response.body.resume();
      response.body.once('close', done);
      return fail('FUNCTION_INVOCATION_FAILED', 'The function threw an error; its logs have the details.', cold);
    }

    // The body streams on to the caller; the request counts as in flight until it ends.
    onTimeout = () => {
      log(fn.key, requestId, `${timeoutMessage} The response was cut off.`);
      response.body.destroy(new Error(timeoutMessage));
    };
    response.body.once('close', () => {
      clearTimeout(timer);
      done();
      const status = timedOut ? 504 : response.status;
      const error = timedOut
        ? 'FUNCTION_INVOCATION_TIMEOUT'
        : response.complete()
          ? undefined
          : 'FUNCTION_INVOCATION_FAILED';
      record(status, cold, error);
    });
    const out = response.headers.filter(([name]) => !DROPPED.has(name.toLowerCase()));
    return { status: response.status, headers: out, body: response.body, requestId, cold };
  }

  /** Why a runner dropped a request: waits briefly for its process to end to tell memory from a crash. */
  async function crashReason(runner: Runner, err: Error): Promise<string> {
    // A runner that still answers only broke this connection; one that does not is ending, and says why.
    const alive = runner.ping(o.pingTimeoutMs).then((ok) => (ok ? null : runner.ended));
    const end = await Promise.race([alive, new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
    if (end) return end.message;
    return `The function's connection failed: ${err.message}.`;
  }

  return {
    invoke,
    stats() {
      const functions = [...groups.values()].map((g) => {
        const live = g.runners.filter((r) => !r.dead);
        return {
          key: g.fn.key,
          runners: live.length,
          inFlight: live.reduce((n, r) => n + r.inFlight, 0),
          queued: g.waiters.length,
        };
      });
      return {
        runners: functions.reduce((n, f) => n + f.runners, 0),
        inFlight: functions.reduce((n, f) => n + f.inFlight, 0),
        queued: functions.reduce((n, f) => n + f.queued, 0),
        functions,
      };
    },
    async close() {
      closed = true;
      const runners = [...groups.values()].flatMap((g) => {
        for (const w of g.waiters.splice(0)) w.reject(new Error('The server is shutting down; retry the request.'));
        return g.runners;
      });
      for (const r of runners) r.kill();
      await Promise.all(runners.map((r) => r.ended));
      groups.clear();
      await rm((await shared).dir, { recursive: true, force: true });
    },
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
