// The build worker: claims queued jobs up to its concurrency, runs each build with a time limit and
// a heartbeat, and records READY or ERROR. A cancel (event in this process, or the deployment's
// state seen by the heartbeat) and the time limit kill the build's whole process tree. On a clean
// stop running builds are handed back to the queue; after a crash, recoverStaleJobs picks them up.
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import type { FunctionMemorySettings, TeamBuildLimits } from '@nimbus/core';
import { describeError, isDatabaseError } from '@nimbus/core';
import {
  type ClaimedJob,
  claimJob,
  type Db,
  findProject,
  finishJob,
  heartbeat,
  markBuilding,
  markFailed,
  markReady,
  markSkipped,
  randomString,
  recoverStaleJobs,
  releaseJob,
} from '@nimbus/db';
import { BuildError } from '../build/files';
import { LogWriter } from '../build/log-writer';
import { BUILD_IGNORED, runBuild } from '../build/run-build';
import type { Engine } from '../engine';
import { type SandboxSettings, sandboxSettings, sweepLeftovers } from '../sandbox';
import type { Meter } from '../usage/meter';

export interface WorkerOptions {
  db: Db;
  engine: Engine;
  deployDomain: string;
  /** Builds this process runs at once (NIMBUS_BUILD_CONCURRENCY). */
  concurrency?: number;
  /** Builds one team runs at once across every worker, by plan; default TEAM_BUILD_LIMITS. */
  teamLimits?: TeamBuildLimits;
  /** Time limit of one build (NIMBUS_BUILD_TIMEOUT); default 15 minutes. */
  timeoutMs?: number;
  buildRoot?: string;
  cacheRoot?: string;
  pollMs?: number;
  heartbeatMs?: number;
  /** A running job without a heartbeat for this long lost its worker. */
  staleMs?: number;
  /** Isolation and limits of builds; defaults: sandbox on, public network, 2 GB, 512 processes, uid base 200000. */
  sandbox?: Partial<SandboxSettings>;
  /** Functions' default and largest memory, for the build log's word on what a function asks; defaults 1024 and 4096 MB. */
  functionMemory?: FunctionMemorySettings;
  /** PGlite runs one process: every job still 'running' at start was orphaned by the last one. */
  recoverAllOnStart?: boolean;
  /** Counts each build's running time (`build_ms`) for its team and project, whatever its outcome. */
  meter?: Meter;
}

export interface Worker {
  id: string;
  stop(): Promise<void>;
}

const SHUTDOWN = 'SHUTDOWN';

export function formatDuration(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`;
}

export async function startWorker(o: WorkerOptions): Promise<Worker> {
  const { db, engine } = o;
  const id = `wrk_${hostname()}_${process.pid}_${randomString(6)}`;
  const opts = { concurrency: 1, timeoutMs: 15 * 60_000, pollMs: 1000, heartbeatMs: 2000, staleMs: 30_000, ...o };
  const buildRoot = opts.buildRoot ?? path.join(tmpdir(), 'nimbus-builds');
  const cacheRoot = opts.cacheRoot ?? path.join(tmpdir(), 'nimbus-build-cache');
  const running = new Map<string, AbortController>();
  const finished = new Set<Promise<void>>();
  let stopped = false;
  let ticking = false;
  let again = false;
  let lastRecovery = Date.now();

  if (opts.recoverAllOnStart) await recoverStaleJobs(db, 0);
  // A worker killed with SIGKILL left its jobs' cgroups and its sandbox /etc folder behind.
  const swept = await sweepLeftovers();
  if (swept.length)
    console.error(`[worker] removed ${swept.length} leftover(s) of stopped workers: ${swept.join(', ')}`);

  async function run(job: ClaimedJob, controller: AbortController): Promise<void> {
    const log = new LogWriter(db, job.deploymentId);
    const abort = (code: string, message: string) => controller.abort(new BuildError(code, message));
    const timer = setTimeout(
      () =>
        abort(
          'BUILD_TIMEOUT',
          `The build ran longer than ${formatDuration(opts.timeoutMs)} and was stopped. Make it faster, or raise NIMBUS_BUILD_TIMEOUT.`,
        ),
      opts.timeoutMs,
    );
    const beat = setInterval(() => {
      heartbeat(db, job.id, id)
        .then((state) => (state === 'CANCELED' || state === null) && abort('CANCELED', 'The deployment was canceled.'))
        .catch(() => undefined);
    }, opts.heartbeatMs);
    let metered: { teamId: string; projectId: string; started: number } | null = null;
    try {
      const deployment = await markBuilding(db, job.deploymentId);
      const project = deployment && (await findProject(db, deployment.teamId, deployment.projectId));
      if (!deployment || !project) return await finishJob(db, job.id, 'canceled');
      metered = { teamId: deployment.teamId, projectId: deployment.projectId, started: performance.now() };
      const result = await runBuild({
        db,
        store: engine.store,
        cipher: engine.cipher,
        deployment,
        project,
        buildRoot,
        cacheDir: path.join(cacheRoot, deployment.teamId),
        deployDomain: opts.deployDomain,
        sandbox: sandboxSettings.parse(opts.sandbox ?? {}),
        functionMemory: opts.functionMemory ?? { defaultMb: 1024, maxMb: 4096 },
        limits: { maxFileSize: engine.maxFileSize, maxDeploymentSize: engine.maxDeploymentSize },
        signal: controller.signal,
        log,
      });
      await log.flush();
      const ready = await markReady(db, { id: deployment.id, ...result });
      for (const host of ready?.hosts ?? []) engine.events.emit('alias', host);
      await finishJob(db, job.id, ready ? 'done' : 'canceled');
    } catch (err) {
      await log.flush();
      const failure =
        err instanceof BuildError
          ? err
          : new BuildError(
              'BUILD_FAILED',
              `The build stopped on an internal error (${isDatabaseError(err) ? 'a database error' : (err as Error).message}). Deploy again; if it fails again, report the deployment id.`,
            );
      if (failure.code === SHUTDOWN) return await releaseJob(db, job);
      if (failure.code === 'CANCELED') return await finishJob(db, job.id, 'canceled');
      if (failure.code === BUILD_IGNORED) {
        await markSkipped(db, job.deploymentId, failure.message);
        return await finishJob(db, job.id, 'canceled');
      }
      if (!(err instanceof BuildError))
        console.error(`[worker] build of ${job.deploymentId} failed: ${describeError(err)}`);
      await markFailed(db, job.deploymentId, failure.code, failure.message);
      await finishJob(db, job.id, 'failed');
    } finally {
      if (metered)
        o.meter?.add(metered.teamId, metered.projectId, 'build_ms', Math.round(performance.now() - metered.started));
      clearTimeout(timer);
      clearInterval(beat);
      running.delete(job.deploymentId);
    }
  }

  async function tick(): Promise<void> {
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        if (Date.now() - lastRecovery > opts.staleMs / 2) {
          lastRecovery = Date.now();
          await recoverStaleJobs(db, opts.staleMs);
        }
        while (!stopped && running.size < opts.concurrency) {
          const job = await claimJob(db, id, opts.teamLimits);
          if (!job) break;
          if (stopped) {
            await releaseJob(db, job);
            break;
          }
          const controller = new AbortController();
          running.set(job.deploymentId, controller);
          const done = run(job, controller).finally(() => {
            finished.delete(done);
            void tick();
          });
          finished.add(done);
        }
      } while (again && !stopped);
    } catch (err) {
      console.error(`[worker] could not claim a build: ${describeError(err)}`);
    } finally {
      ticking = false;
    }
  }

  const onQueued = () => void tick();
  const onCanceled = (deploymentId: string) =>
    running.get(deploymentId)?.abort(new BuildError('CANCELED', 'The deployment was canceled.'));
  engine.events.on('queued', onQueued);
  engine.events.on('canceled', onCanceled);
  const interval = setInterval(() => void tick(), opts.pollMs);
  void tick();

  return {
    id,
    async stop() {
      stopped = true;
      clearInterval(interval);
      engine.events.off('queued', onQueued);
      engine.events.off('canceled', onCanceled);
      for (const controller of running.values())
        controller.abort(new BuildError(SHUTDOWN, 'The worker is shutting down.'));
      await Promise.all([...finished]);
    },
  };
}
