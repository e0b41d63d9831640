// Outgoing webhooks (schema/hooks.ts): the registry, each webhook's deliveries, and the hook itself.
// Changes are recorded as `hook_events` by `recordHookEvent`, called by the query that made the
// change; the worker role turns them into deliveries and sends what is due (hook-dispatch.ts). Log
// drains are in log-drains.ts, what each person is notified about in notification-preferences.ts.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { notFound } from '../errors';
import { newId } from '../ids';
import {
  hookAttempts,
  hookDeliveries,
  hookEvents,
  type LogDrainSource,
  type logDrains,
  type notificationPreferences,
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
