// Outgoing webhooks, log drains and notification choices (schema/hooks.ts). Changes are recorded as
// `hook_events` by `recordHookEvent`, called by the query that made the change; the worker role turns
// them into deliveries (`dispatchHookEvents`) and sends what is due (`claimDueDeliveries`), each
// claimed with FOR UPDATE SKIP LOCKED so two processes never send the same delivery.
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId } from '../ids';
import {
  buildLogs,
  deployments,
  hookAttempts,
  hookDeliveries,
  hookEvents,
  type LogDrainSource,
  logDrains,
  memberships,
  notificationPreferences,
  runtimeLogs,
  users,
  webhooks,
} from '../schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Webhook = typeof webhooks.$inferSelect;
export type HookDelivery = typeof hookDeliveries.$inferSelect;
export type HookAttempt = typeof hookAttempts.$inferSelect;
export type HookEvent = typeof hookEvents.$inferSelect;
export type LogDrain = typeof logDrains.$inferSelect;
export type NotificationPreferences = typeof notificationPreferences.$inferSelect;
export type { LogDrainSource };

/** The events a webhook may subscribe to (Vercel's names); Nimbus records these. */
export const WEBHOOK_EVENTS = [
  'deployment.created',
  'deployment.succeeded',
  'deployment.error',
  'deployment.canceled',
  'deployment.promoted',
  'deployment.rollback',
  'project.created',
  'project.removed',
  'domain.created',
] as const;

/** What a person may be notified about, by e-mail or a Slack-compatible URL. */
export const NOTIFICATION_KINDS = ['deployment.failed_production', 'deployment.promoted', 'domain.unhealthy'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The hook: one row per change others may hear about, in the caller's transaction when it has one. */
export async function recordHookEvent(
  db: Db | Tx,
  event: { teamId: string; projectId?: string | null; type: string; payload: Record<string, unknown> },
): Promise<void> {
  await db.insert(hookEvents).values({
    id: newId('evt'),
    teamId: event.teamId,
    projectId: event.projectId ?? null,
    type: event.type,
    payload: event.payload,
  });
}

/** The payload Vercel's deployment events carry. */
export function deploymentEventPayload(
  d: { id: string; name: string; host: string; projectId: string; target: string | null; meta: unknown },
  extra: Record<string, unknown> = {},
) {
  return {
    deployment: { id: d.id, name: d.name, url: d.host, meta: d.meta ?? {} },
    project: { id: d.projectId },
    target: d.target === 'production' ? 'production' : null,
    ...extra,
  };
}

// ---- Webhooks ----------------------------------------------------------------------------------

export async function listWebhooks(db: Db, teamId: string, projectId?: string): Promise<Webhook[]> {
  const rows = await db.select().from(webhooks).where(eq(webhooks.teamId, teamId)).orderBy(asc(webhooks.createdAt));
  return projectId ? rows.filter((w) => w.projectIds.length === 0 || w.projectIds.includes(projectId)) : rows;
}

export async function getWebhook(db: Db, teamId: string, id: string): Promise<Webhook> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.teamId, teamId)));
  if (!row) throw notFound(`The webhook "${id}"`);
  return row;
}

export async function createWebhook(
  db: Db,
  input: { teamId: string; url: string; events: string[]; projectIds: string[]; sealedSecret: string },
): Promise<Webhook> {
  const [row] = await db
    .insert(webhooks)
    .values({
      id: newId('hook'),
      teamId: input.teamId,
      url: input.url,
      events: input.events,
      projectIds: input.projectIds,
      secret: input.sealedSecret,
    })
    .returning();
  return row!;
}

export async function deleteWebhook(db: Db, teamId: string, id: string): Promise<void> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.teamId, teamId)))
    .returning({ id: webhooks.id });
  if (rows.length === 0) throw notFound(`The webhook "${id}"`);
}

/** A webhook's deliveries, newest first, each with its attempts in order. */
export async function listDeliveries(db: Db, webhookId: string, limit = 50) {
  const rows = await db
    .select()
    .from(hookDeliveries)
    .where(eq(hookDeliveries.webhookId, webhookId))
    .orderBy(desc(hookDeliveries.createdAt))
    .limit(limit);
  const attempts = rows.length
    ? await db
        .select()
        .from(hookAttempts)
        .where(
          inArray(
            hookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(hookAttempts.id))
    : [];
  return rows.map((r) => ({ ...r, attemptLog: attempts.filter((a) => a.deliveryId === r.id) }));
}

/** Sends the delivery again now, with the same body; its earlier attempts stay in the log. */
export async function redeliver(db: Db, webhookId: string, deliveryId: string): Promise<HookDelivery> {
  const [row] = await db
    .update(hookDeliveries)
    .set({ state: 'pending', nextAttemptAt: new Date() })
    .where(and(eq(hookDeliveries.id, deliveryId), eq(hookDeliveries.webhookId, webhookId)))
    .returning();
  if (!row) throw notFound(`The delivery "${deliveryId}"`);
  return row;
}

// ---- Dispatch (worker role) ---------------------------------------------------------------------

/** A deployment's `url` is stored as its host label; receivers get the full host, as Vercel sends it. */
function withHost(payload: Record<string, unknown>, deployDomain: string | undefined): Record<string, unknown> {
  const deployment = payload.deployment as { url?: string } | undefined;
  if (!deployDomain || !deployment?.url || deployment.url.includes('.')) return payload;
  return { ...payload, deployment: { ...deployment, url: `${deployment.url}.${deployDomain}` } };
}

/** Which notification an event is, if any. */
function notificationKind(event: HookEvent): NotificationKind | null {
  if (event.type === 'deployment.error' && event.payload.target === 'production') return 'deployment.failed_production';
  if (event.type === 'deployment.promoted' || event.type === 'deployment.rollback') return 'deployment.promoted';
  if (event.type === 'domain.unhealthy') return 'domain.unhealthy';
  return null;
}

export interface Notice {
  kind: NotificationKind;
  event: HookEvent;
  user: { id: string; email: string };
  email: boolean;
  slack: boolean;
}

/**
 * Turns undispatched events into webhook deliveries (in the same transaction that marks them
 * dispatched) and returns the notices owed to people, which the caller mails or posts.
 */
export async function dispatchHookEvents(
  db: Db,
  options: { deployDomain?: string; limit?: number } = {},
): Promise<Notice[]> {
  const limit = options.limit ?? 100;
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(hookEvents)
      .where(isNull(hookEvents.dispatchedAt))
      .orderBy(asc(hookEvents.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (events.length === 0) return [];
    const teamIds = [...new Set(events.map((e) => e.teamId))];
    const hooks = await tx.select().from(webhooks).where(inArray(webhooks.teamId, teamIds));
    const notices: Notice[] = [];
    for (const event of events) {
      const body = JSON.stringify({
        id: event.id,
        type: event.type,
        createdAt: event.createdAt.getTime(),
        region: null,
        payload: {
          team: { id: event.teamId },
          user: { id: event.teamId },
          ...withHost(event.payload, options.deployDomain),
        },
      });
      const targets = hooks.filter(
        (h) =>
          h.teamId === event.teamId &&
          h.events.includes(event.type) &&
          (h.projectIds.length === 0 || (event.projectId !== null && h.projectIds.includes(event.projectId))),
      );
      if (targets.length)
        await tx.insert(hookDeliveries).values(
          targets.map((h) => ({
            id: newId('dlv'),
            teamId: event.teamId,
            webhookId: h.id,
            eventId: event.id,
            eventType: event.type,
            body,
          })),
        );
      const kind = notificationKind(event);
      if (kind) {
        const people = await tx
          .select({ id: users.id, email: users.email, prefs: notificationPreferences })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
          .where(eq(memberships.teamId, event.teamId));
        for (const p of people) {
          const email = p.prefs ? p.prefs.email.includes(kind) : true;
          const slack = Boolean(p.prefs?.slackUrl) && (p.prefs?.slack.includes(kind) ?? false);
          if (email || slack) notices.push({ kind, event, user: { id: p.id, email: p.email }, email, slack });
        }
      }
    }
    await tx
      .update(hookEvents)
      .set({ dispatchedAt: new Date() })
      .where(
        inArray(
          hookEvents.id,
          events.map((e) => e.id),
        ),
      );
    return notices;
  });
}

/** A Slack-compatible post to one person's URL, sent and retried like a webhook delivery. */
export async function queueSlackDelivery(db: Db, notice: Notice, text: string): Promise<void> {
  await db.insert(hookDeliveries).values({
    id: newId('dlv'),
    teamId: notice.event.teamId,
    userId: notice.user.id,
    eventId: notice.event.id,
    eventType: notice.event.type,
    body: JSON.stringify({ text }),
  });
}

export interface DueDelivery {
  delivery: HookDelivery;
  /** The sealed secret of the webhook, or the sealed Slack URL of the person. */
  sealedSecret: string | null;
  url: string | null;
}

/**
 * Claims due deliveries: FOR UPDATE SKIP LOCKED, then their next attempt moves `leaseMs` ahead, so a
 * process that dies mid-send leaves them to be tried again and no other process takes them meanwhile.
 */
export async function claimDueDeliveries(db: Db, now: Date, limit = 20, leaseMs = 60_000): Promise<DueDelivery[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(hookDeliveries)
      .where(and(eq(hookDeliveries.state, 'pending'), lte(hookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(hookDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(hookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          hookDeliveries.id,
          due.map((d) => d.id),
        ),
      );
    const hookIds = due.flatMap((d) => (d.webhookId ? [d.webhookId] : []));
    const userIds = due.flatMap((d) => (d.userId ? [d.userId] : []));
    const hooks = hookIds.length ? await tx.select().from(webhooks).where(inArray(webhooks.id, hookIds)) : [];
    const prefs = userIds.length
      ? await tx.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds))
      : [];
    return due.map((delivery) => {
      if (delivery.webhookId) {
        const hook = hooks.find((h) => h.id === delivery.webhookId);
        return { delivery, sealedSecret: hook?.secret ?? null, url: hook?.url ?? null };
      }
      const pref = prefs.find((p) => p.userId === delivery.userId);
      return { delivery, sealedSecret: pref?.slackUrl ?? null, url: null };
    });
  });
}

/** Records one attempt; a 2xx ends the delivery, else it is tried at `retryAt`, or fails when that is null. */
export async function recordAttempt(
  db: Db,
  input: { deliveryId: string; status: number | null; response: string; durationMs: number; retryAt: Date | null },
): Promise<void> {
  const ok = input.status !== null && input.status >= 200 && input.status < 300;
  await db.transaction(async (tx) => {
    await tx.insert(hookAttempts).values({
      deliveryId: input.deliveryId,
      status: input.status,
      response: input.response.slice(0, 1000),
      durationMs: input.durationMs,
    });
    await tx
      .update(hookDeliveries)
      .set({
        attempts: sql`${hookDeliveries.attempts} + 1`,
        state: ok ? 'succeeded' : input.retryAt ? 'pending' : 'failed',
        ...(input.retryAt && !ok ? { nextAttemptAt: input.retryAt } : {}),
      })
      .where(eq(hookDeliveries.id, input.deliveryId));
  });
}

// ---- Log drains ---------------------------------------------------------------------------------

export async function listLogDrains(db: Db, teamId: string): Promise<LogDrain[]> {
  return db.select().from(logDrains).where(eq(logDrains.teamId, teamId)).orderBy(asc(logDrains.createdAt));
}

export async function getLogDrain(db: Db, teamId: string, id: string): Promise<LogDrain> {
  const [row] = await db
    .select()
    .from(logDrains)
    .where(and(eq(logDrains.id, id), eq(logDrains.teamId, teamId)));
  if (!row) throw notFound(`The log drain "${id}"`);
  return row;
}

/** A new drain starts at the newest log lines: it carries what happens from now on. */
export async function createLogDrain(
  db: Db,
  input: Omit<
    typeof logDrains.$inferInsert,
    'id' | 'lastBuildLogId' | 'lastRuntimeLogId' | 'status' | 'failures' | 'nextRunAt' | 'createdAt'
  >,
): Promise<LogDrain> {
  return db.transaction(async (tx) => {
    const [b] = await tx.select({ max: sql<string | null>`max(${buildLogs.id})` }).from(buildLogs);
    const [r] = await tx.select({ max: sql<string | null>`max(${runtimeLogs.id})` }).from(runtimeLogs);
    const [row] = await tx
      .insert(logDrains)
      .values({
        ...input,
        id: newId('ld'),
        lastBuildLogId: Number(b?.max ?? 0),
        lastRuntimeLogId: Number(r?.max ?? 0),
      })
      .returning();
    return row!;
  });
}

export async function deleteLogDrain(db: Db, teamId: string, id: string): Promise<void> {
  const rows = await db
    .delete(logDrains)
    .where(and(eq(logDrains.id, id), eq(logDrains.teamId, teamId)))
    .returning({ id: logDrains.id });
  if (rows.length === 0) throw notFound(`The log drain "${id}"`);
}

/** Enabled drains whose next run is due, claimed for `leaseMs` (FOR UPDATE SKIP LOCKED). */
export async function claimDueDrains(db: Db, now: Date, limit = 10, leaseMs = 60_000): Promise<LogDrain[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(logDrains)
      .where(and(eq(logDrains.status, 'enabled'), lte(logDrains.nextRunAt, now)))
      .orderBy(asc(logDrains.nextRunAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(logDrains)
      .set({ nextRunAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          logDrains.id,
          due.map((d) => d.id),
        ),
      );
    return due;
  });
}

export interface DrainLine {
  id: number;
  kind: 'build' | 'runtime';
  deploymentId: string;
  projectId: string;
  host: string;
  target: string | null;
  createdAt: Date;
  type: string;
  message: string;
  requestId?: string;
  path?: string | null;
  statusCode?: number | null;
  level?: string;
}

/** The drain's next lines after its cursors, in the sources, projects and environments it takes. */
export async function drainLines(db: Db, drain: LogDrain, limit = 500): Promise<DrainLine[]> {
  const lines: DrainLine[] = [];
  const projectFilter = drain.projectIds.length ? inArray(deployments.projectId, drain.projectIds) : undefined;
  const wants = (s: LogDrainSource) => drain.sources.includes(s);
  if (wants('build')) {
    const rows = await db
      .select({ log: buildLogs, d: deployments })
      .from(buildLogs)
      .innerJoin(deployments, eq(deployments.id, buildLogs.deploymentId))
      .where(and(gt(buildLogs.id, drain.lastBuildLogId), eq(deployments.teamId, drain.teamId), projectFilter))
      .orderBy(asc(buildLogs.id))
      .limit(limit);
    for (const { log, d } of rows)
      lines.push({
        id: log.id,
        kind: 'build',
        deploymentId: d.id,
        projectId: d.projectId,
        host: d.host,
        target: d.target,
        createdAt: log.createdAt,
        type: log.type === 'stderr' ? 'stderr' : 'stdout',
        message: log.text,
        level: log.type === 'error' ? 'error' : log.type === 'warning' || log.type === 'stderr' ? 'warning' : 'info',
      });
  }
  if (wants('lambda') || wants('edge')) {
    const rows = await db
      .select({ log: runtimeLogs, d: deployments })
      .from(runtimeLogs)
      .innerJoin(deployments, eq(deployments.id, runtimeLogs.deploymentId))
      .where(and(gt(runtimeLogs.id, drain.lastRuntimeLogId), eq(runtimeLogs.teamId, drain.teamId), projectFilter))
      .orderBy(asc(runtimeLogs.id))
      .limit(limit);
    for (const { log, d } of rows)
      lines.push({
        id: log.id,
        kind: 'runtime',
        deploymentId: d.id,
        projectId: d.projectId,
        host: d.host,
        target: d.target,
        createdAt: log.createdAt,
        type: log.source === 'stderr' ? 'stderr' : log.source === 'request' ? 'request' : 'stdout',
        message: log.message,
        requestId: log.requestId,
        path: log.path,
        statusCode: log.status,
        level: log.level,
      });
  }
  return lines;
}

/** After a batch: a success moves the cursors; a failure counts, and `disableAfter` failures in a row disable it. */
export async function recordDrainRun(
  db: Db,
  drain: LogDrain,
  result:
    | { ok: true; lastBuildLogId: number; lastRuntimeLogId: number; nextRunAt: Date }
    | { ok: false; reason: string; nextRunAt: Date; disableAfter: number },
): Promise<{ disabled: boolean }> {
  if (result.ok) {
    await db
      .update(logDrains)
      .set({
        failures: 0,
        lastBuildLogId: result.lastBuildLogId,
        lastRuntimeLogId: result.lastRuntimeLogId,
        nextRunAt: result.nextRunAt,
      })
      .where(eq(logDrains.id, drain.id));
    return { disabled: false };
  }
  const failures = drain.failures + 1;
  const disabled = failures >= result.disableAfter;
  await db
    .update(logDrains)
    .set({
      failures,
      nextRunAt: result.nextRunAt,
      ...(disabled ? { status: 'disabled' as const, disabledReason: result.reason.slice(0, 500) } : {}),
    })
    .where(eq(logDrains.id, drain.id));
  return { disabled };
}

/** The owners of a team, to tell them about a disabled drain. */
export async function teamOwnerEmails(db: Db, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, teamId), eq(memberships.role, 'OWNER')));
  return rows.map((r) => r.email);
}

// ---- Notification preferences --------------------------------------------------------------------

export async function getNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row ?? { userId, email: [...NOTIFICATION_KINDS], slack: [], slackUrl: null, updatedAt: new Date(0) };
}

export async function setNotificationPreferences(
  db: Db,
  userId: string,
  input: { email?: string[]; slack?: string[]; slackUrl?: string | null },
): Promise<NotificationPreferences> {
  for (const kind of [...(input.email ?? []), ...(input.slack ?? [])])
    if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind))
      throw new DomainError('bad_request', `Unknown notification "${kind}"; use ${NOTIFICATION_KINDS.join(', ')}.`);
  const current = await getNotificationPreferences(db, userId);
  const next = {
    email: input.email ?? current.email,
    slack: input.slack ?? current.slack,
    slackUrl: input.slackUrl === undefined ? current.slackUrl : input.slackUrl,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: next })
    .returning();
  return row!;
}
