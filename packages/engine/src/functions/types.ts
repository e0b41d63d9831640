// What the function pool takes and gives: the function to run, the request, its logs and its record,
// and the pool's options. The pool itself is pool.ts.
import type { Readable } from 'node:stream';
import type { FunctionConfig, PlanId } from '@nimbus/core';
import type { NetworkMode } from '../sandbox';
import type { FunctionErrorCode, FunctionResponse } from './responses';

export interface FunctionRef {
  /** Identifies the function's code and settings: runners are shared by requests with the same key. */
  key: string;
  /** The materialised `.func` folder on the host, readable by the sandbox user. */
  dir: string;
  config: FunctionConfig;
  env: Record<string, string>;
  /** The plan of the function's team: its memory is capped by the plan's (@nimbus/core functionMemory). */
  plan?: PlanId;
  /** The sandbox number of the function's team (teams.sandbox_uid): its runners run as host uid `uidBase` + this. */
  sandboxUid: number;
}

export interface FunctionRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Readable | null;
}

export interface FunctionLog {
  key: string;
  requestId: string | null;
  stream: 'stdout' | 'stderr';
  message: string;
  time: number;
}

export interface FunctionRequestRecord {
  key: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  cold: boolean;
  /** The function's memory limit. */
  memoryMb: number;
  error?: FunctionErrorCode;
}

export interface FunctionPoolOptions {
  network?: NetworkMode;
  /** false: runners are plain child processes (NIMBUS_BUILD_SANDBOX=off); cgroups and rlimits still apply. */
  isolate?: boolean;
  /** NIMBUS_SANDBOX_UID_BASE: a team's runners run as host uid this + the team's number (sandbox/host-user.ts). */
  uidBase?: number;
  /** MB when `.vc-config.json` names no memory. */
  defaultMemoryMb?: number;
  /** MB no function runs above, whatever it asks and whatever its plan allows. */
  memoryMaxMb?: number;
  /**
   * MB of a function's /tmp, a tmpfs and the only place it may write (Vercel gives 500 MB); it counts
   * in the function's memory too.
   */
  tmpMb?: number;
  /** Seconds when the config names no maxDuration. */
  defaultMaxDuration?: number;
  /** Seconds: the most any function may ask for. */
  maxDurationCap?: number;
  /** Requests in flight per runner before another runner starts. */
  concurrency?: number;
  /**
   * Requests in flight on every runner of a function at which one more starts in the background
   * (up to the machine's cores and maxRunnersPerKey), before any request has to wait: a runner is one
   * thread, so a function that spends its time on the CPU (server rendering) is served on more cores.
   */
  spreadAt?: number;
  maxRunnersPerKey?: number;
  /** Milliseconds without a request before a runner stops. */
  idleMs?: number;
  processes?: number;
  startTimeoutMs?: number;
  /** How long a runner has to answer a ping after a timeout before it is killed as stuck. */
  pingTimeoutMs?: number;
  /**
   * Where the runner scripts are copied for the sandbox, and where runners without isolation listen;
   * a private folder is made in it. Keep it short: socket paths have a 108-byte limit.
   */
  socketRoot?: string;
  /** Region prefix of request ids, like Vercel's `iad1::`. */
  region?: string;
  onLog?(log: FunctionLog): void;
  onRequest?(record: FunctionRequestRecord): void;
}

export interface FunctionPoolStats {
  runners: number;
  inFlight: number;
  queued: number;
  functions: { key: string; runners: number; inFlight: number; queued: number }[];
}

export interface FunctionPool {
  invoke(fn: FunctionRef, request: FunctionRequest): Promise<FunctionResponse>;
  stats(): FunctionPoolStats;
  close(): Promise<void>;
}
