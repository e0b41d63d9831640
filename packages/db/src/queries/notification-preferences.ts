// What each person is told about, by e-mail or a Slack-compatible URL (NOTIFICATION_KINDS, hooks.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { notificationPreferences } from '../schema';
import { NOTIFICATION_KINDS, type NotificationPreferences } from './hooks';

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
