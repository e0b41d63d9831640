// Cron jobs of production deployments (`crons` in config.json: a path and a schedule in UTC). Every
// few seconds each edge process looks at the schedules and, for a time that has just passed,
// claims the run in the database (`cron_runs`, one row per deployment, path and time) and calls the
// path like Vercel does: GET with `user-agent: vercel-cron/1.0` and, when the project has a
// `CRON_SECRET` variable, `Authorization: Bearer <it>`. The claim makes a time run once however many
// processes or machines run the edge role. Times missed while no edge ran are not made up.
import type { CronJob } from '@nimbus/core';
import { describeError } from '@nimbus/core';
import { type Db, finishCronRun, startCronRun } from '@nimbus/db';
import { Cron } from 'croner';

/** A run is started only within this long after its scheduled time. */
const CATCH_UP_MS = 60_000;

export interface CronTarget {
  deploymentId: string;
  projectId: string;
  /** The production host label the call is made at. */
  host: string;
  readyAt: Date | null;
  crons: CronJob[];
}

export interface CronSchedulerOptions {
  db: Db;
  /** Production deployments that have crons. */
  targets(): Promise<CronTarget[]>;
  /** Calls a path of the deployment at `host` through the edge; resolves to the status. */
  call(host: string, path: string, headers: Record<string, string>): Promise<number>;
  /** The project's CRON_SECRET, if it has one. */
  secretOf(projectId: string): Promise<string | undefined>;
  intervalMs?: number;
  now?: () => Date;
}

/** The last scheduled time of `schedule` at or before `now`, or null for a schedule croner refuses. */
export function lastRunAt(schedule: string, now: Date): Date | null {
  try {
    const [previous] = new Cron(schedule, { timezone: 'UTC', paused: true }).previousRuns(1, now);
    return previous ?? null;
  } catch {
    return null;
  }
}

export function startCronScheduler(options: CronSchedulerOptions): { tick(): Promise<void>; stop(): void } {
  const now = options.now ?? (() => new Date());
  let running = false;

  async function runOne(target: CronTarget, job: CronJob, scheduledAt: Date): Promise<void> {
    const claimed = await startCronRun(options.db, {
      deploymentId: target.deploymentId,
      projectId: target.projectId,
      path: job.path,
      schedule: job.schedule,
      scheduledAt,
    });
    if (!claimed) return;
    const started = Date.now();
    const headers: Record<string, string> = { 'user-agent': 'vercel-cron/1.0' };
    const secret = await options.secretOf(target.projectId);
    if (secret) headers.authorization = `Bearer ${secret}`;
    let status = 0;
    try {
      status = await options.call(target.host, job.path, headers);
    } catch (err) {
      console.error(`[cron] ${job.path} of ${target.deploymentId} failed: ${describeError(err)}`);
    }
    await finishCronRun(options.db, {
      deploymentId: target.deploymentId,
      path: job.path,
      scheduledAt,
      status,
      durationMs: Date.now() - started,
    });
  }

  async function tick(): Promise<void> {
    if (running) return;
    running = true;
    try {
      const at = now();
      const runs: Promise<void>[] = [];
      for (const target of await options.targets()) {
        for (const job of target.crons) {
          const scheduledAt = lastRunAt(job.schedule, at);
          if (!scheduledAt || at.getTime() - scheduledAt.getTime() > CATCH_UP_MS) continue;
          // A deployment promoted after the time does not run it.
          if (target.readyAt && scheduledAt < target.readyAt) continue;
          runs.push(runOne(target, job, scheduledAt));
        }
      }
      await Promise.all(runs);
    } catch (err) {
      console.error(`[cron] could not run the schedules: ${describeError(err)}`);
    } finally {
      running = false;
    }
  }

  const timer = setInterval(() => void tick(), options.intervalMs ?? 10_000);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
