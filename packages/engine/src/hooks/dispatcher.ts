// What Nimbus tells other systems, sent by the worker role (queries in @nimbus/db's queries/hooks.ts):
// - events recorded by the queries that made a change become webhook deliveries and notices;
// - deliveries are claimed with FOR UPDATE SKIP LOCKED, POSTed with `x-vercel-signature` (HMAC-SHA1
//   of the body under the webhook's secret) and retried with exponential back-off for a day;
// - log drains send their new build and function log lines in batches, signed the same way; a drain
//   failing `disableAfter` times in a row is disabled and the team's owners are mailed.
// - connected repositories' deployments get a commit status and a pull-request comment (git-status.ts).
// The request path only inserts rows; nothing here runs inside a request.
import { createHmac } from 'node:crypto';
import {
  type Cipher,
  claimDueDeliveries,
  claimDueDrains,
  type Db,
  type DrainLine,
  dispatchHookEvents,
  drainLines,
  type LogDrain,
  type Notice,
  queueAccountMail,
  queueSlackDelivery,
  recordAttempt,
  recordDrainRun,
  teamOwnerEmails,
} from '@nimbus/db';
import { refusedDestination } from './destination';
import { reportGitDeployments } from './git-status';

export interface HookDispatcherOptions {
  db: Db;
  cipher: Cipher;
  /** Where links in notices point (the dashboard). */
  publicUrl: string;
  /** Deployment hosts in payloads are `<label>.<deployDomain>`. */
  deployDomain?: string;
  /** First retry after this long, doubling each time up to an hour; default 30 s. */
  retryBaseMs?: number;
  /** Deliveries are retried while younger than this; default a day. */
  retryForMs?: number;
  /** A drain is disabled after this many failed batches in a row; default 10. */
  drainDisableAfter?: number;
  /** How often each drain sends its new lines; default 2 s. */
  drainEveryMs?: number;
  /** How often the dispatcher looks for work; default 1 s. */
  everyMs?: number;
  /** Sends a queued outbox mail (SMTP); without it mail waits in the outbox. */
  sendMail?: (mailId: string) => Promise<unknown>;
  /** For sampling; tests pass a fixed one. */
  random?: () => number;
  onError?: (error: unknown) => void;
  /** Lets deliveries reach loopback and private addresses (NIMBUS_HOOKS_PRIVATE_ADDRESSES); default no. */
  allowPrivateAddresses?: boolean;
}

export const signBody = (secret: string, body: string) => createHmac('sha1', secret).update(body).digest('hex');

/** When a failed delivery is tried again, or null once it has been failing for `retryForMs`. */
export function nextRetry(attempts: number, createdAt: Date, now: Date, baseMs: number, forMs: number): Date | null {
  const at = new Date(now.getTime() + Math.min(baseMs * 2 ** attempts, 3_600_000));
  return at.getTime() - createdAt.getTime() > forMs ? null : at;
}

async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<{ status: number | null; response: string; durationMs: number }> {
  const started = Date.now();
  try {
    const refused = await refusedDestination(url, allowPrivate);
    if (refused) return { status: null, response: `Not delivered: ${refused}`, durationMs: Date.now() - started };
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Nimbus-Hooks/1', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const text = (await res.text()).slice(0, 1000);
    return { status: res.status, response: text, durationMs: Date.now() - started };
  } catch (error) {
    const reason = (error as Error).cause
      ? String((error as { cause: Error }).cause.message)
      : (error as Error).message;
    return { status: null, response: `Not delivered: ${reason}`, durationMs: Date.now() - started };
  }
}

const NOTICE_WORDS: Record<Notice['kind'], (p: Record<string, any>) => string> = {
  'deployment.failed_production': (p) =>
    `The production deployment ${p.deployment?.url ?? ''} of ${p.deployment?.name ?? 'a project'} failed: ${p.errorMessage ?? 'see its build log'}.`,
  'deployment.promoted': (p) =>
    `${p.deployment?.url ?? 'A deployment'} of ${p.deployment?.name ?? 'a project'} now serves production.`,
  'domain.unhealthy': (p) => `The domain ${p.domain?.name ?? ''} stopped pointing at Nimbus; check its DNS records.`,
};

export function createHookDispatcher(options: HookDispatcherOptions) {
  const base = options.retryBaseMs ?? 30_000;
  const retryFor = options.retryForMs ?? 86_400_000;
  const disableAfter = options.drainDisableAfter ?? 10;
  const drainEvery = options.drainEveryMs ?? 2_000;
  const random = options.random ?? Math.random;
  const allowPrivate = options.allowPrivateAddresses ?? false;

  async function mail(to: string, subject: string, text: string) {
    const id = await queueAccountMail(options.db, { to, subject, text, link: options.publicUrl });
    await options.sendMail?.(id);
  }

  async function notify(notices: Notice[]) {
    for (const notice of notices) {
      const text = NOTICE_WORDS[notice.kind](notice.event.payload as Record<string, any>);
      if (notice.email) await mail(notice.user.email, `Nimbus: ${text.split(':')[0]!.slice(0, 120)}`, text);
      if (notice.slack) await queueSlackDelivery(options.db, notice, text);
    }
  }

  async function deliver(): Promise<number> {
    const now = new Date();
    const due = await claimDueDeliveries(options.db, now);
    await Promise.all(
      due.map(async ({ delivery, sealedSecret, url }) => {
        let result: { status: number | null; response: string; durationMs: number };
        if (!sealedSecret)
          result = { status: null, response: 'Not delivered: the receiver was removed.', durationMs: 0 };
        else {
          const secret = options.cipher.decrypt(sealedSecret);
          result = url
            ? await post(url, delivery.body, { 'x-vercel-signature': signBody(secret, delivery.body) }, allowPrivate)
            : await post(secret, delivery.body, {}, allowPrivate);
        }
        const ok = result.status !== null && result.status >= 200 && result.status < 300;
        const retryAt =
          ok || !sealedSecret ? null : nextRetry(delivery.attempts, delivery.createdAt, new Date(), base, retryFor);
        await recordAttempt(options.db, { deliveryId: delivery.id, ...result, retryAt });
      }),
    );
    return due.length;
  }

  function record(drain: LogDrain, line: DrainLine) {
    return {
      id: `${line.kind}_${line.id}`,
      deploymentId: line.deploymentId,
      projectId: line.projectId,
      source: line.kind === 'build' ? 'build' : 'lambda',
      host: line.host,
      timestamp: line.createdAt.getTime(),
      message: line.message,
      type: line.type,
      level: line.level,
      environment: line.target === 'production' ? 'production' : 'preview',
      ...(line.kind === 'build' ? { buildId: line.deploymentId } : {}),
      ...(line.requestId ? { requestId: line.requestId, path: line.path ?? undefined } : {}),
      ...(line.statusCode ? { statusCode: line.statusCode } : {}),
      ownerId: drain.teamId,
    };
  }

  async function runDrain(drain: LogDrain): Promise<void> {
    const lines = await drainLines(options.db, drain);
    const lastBuildLogId = Math.max(drain.lastBuildLogId, ...lines.filter((l) => l.kind === 'build').map((l) => l.id));
    const lastRuntimeLogId = Math.max(
      drain.lastRuntimeLogId,
      ...lines.filter((l) => l.kind === 'runtime').map((l) => l.id),
    );
    const kept = lines.filter(
      (l) =>
        drain.environments.includes(l.target === 'production' ? 'production' : 'preview') &&
        (drain.samplingRate >= 1 || random() < drain.samplingRate),
    );
    const next = new Date(Date.now() + drainEvery);
    if (kept.length === 0) {
      await recordDrainRun(options.db, drain, { ok: true, lastBuildLogId, lastRuntimeLogId, nextRunAt: next });
      return;
    }
    const records = kept.map((l) => record(drain, l));
    const body =
      drain.deliveryFormat === 'ndjson' ? records.map((r) => JSON.stringify(r)).join('\n') : JSON.stringify(records);
    const secret = options.cipher.decrypt(drain.secret);
    const extra = drain.headers ? (JSON.parse(options.cipher.decrypt(drain.headers)) as Record<string, string>) : {};
    const result = await post(
      drain.url,
      body,
      {
        ...extra,
        'content-type': drain.deliveryFormat === 'ndjson' ? 'application/x-ndjson' : 'application/json',
        'x-vercel-signature': signBody(secret, body),
      },
      allowPrivate,
    );
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      await recordDrainRun(options.db, drain, { ok: true, lastBuildLogId, lastRuntimeLogId, nextRunAt: next });
      return;
    }
    const reason = result.status === null ? result.response : `The endpoint answered ${result.status}.`;
    const { disabled } = await recordDrainRun(options.db, drain, {
      ok: false,
      reason,
      nextRunAt: new Date(Date.now() + Math.min(base * 2 ** drain.failures, 3_600_000)),
      disableAfter,
    });
    if (disabled)
      for (const to of await teamOwnerEmails(options.db, drain.teamId))
        await mail(
          to,
          `Nimbus: the log drain "${drain.name}" was disabled`,
          `The log drain "${drain.name}" (${drain.url}) failed ${disableAfter} times in a row and was disabled. Last failure: ${reason}\nFix the endpoint, then create the drain again.`,
        );
  }

  /** One pass over everything due; resolves to how much was done. */
  async function tick(): Promise<number> {
    const notices = await dispatchHookEvents(options.db, { deployDomain: options.deployDomain });
    await notify(notices);
    const sent = await deliver();
    const drains = await claimDueDrains(options.db, new Date());
    for (const drain of drains) {
      try {
        await runDrain(drain);
      } catch (error) {
        options.onError?.(error);
      }
    }
    const reported = await reportGitDeployments({
      db: options.db,
      cipher: options.cipher,
      deployDomain: options.deployDomain,
      publicUrl: options.publicUrl,
      allowPrivate,
      retryBaseMs: base,
    }).catch((error) => {
      options.onError?.(error);
      return 0;
    });
    return notices.length + sent + drains.length + reported;
  }

  function start(): () => void {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        await tick();
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = false;
      }
    };
    const timer = setInterval(run, options.everyMs ?? 1_000);
    timer.unref();
    void run();
    return () => clearInterval(timer);
  }

  return { tick, start };
}

export type HookDispatcher = ReturnType<typeof createHookDispatcher>;
