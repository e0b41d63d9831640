// The worker role's side of webhooks: hook events turned into deliveries for the webhooks and the
// people that asked for them (`dispatchHookEvents`), and due deliveries claimed with FOR UPDATE SKIP
// LOCKED (`claimDueDeliveries`) so two processes never send the same one. Registry: hooks.ts.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { newId } from '../ids';
import {
  hookAttempts,
  hookDeliveries,
  hookEvents,
  memberships,
  notificationPreferences,
  users,
  webhooks,
} from '../schema';
import type { HookDelivery, HookEvent, NotificationKind } from './hooks';

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
