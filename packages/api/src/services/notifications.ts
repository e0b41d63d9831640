// Each person's notification choices (queries/hooks.ts): which notices go by e-mail and which to a
// Slack-compatible incoming-webhook URL. The URL is a secret: sealed at rest, never shown back.
import * as db from '@nimbus/db';
import { checkDestination } from '@nimbus/engine';
import { requireAccountAccess } from './access';
import { engineOf, type ServiceContext } from './context';

function preferencesJson(p: db.NotificationPreferences) {
  return { kinds: [...db.NOTIFICATION_KINDS], email: p.email, slack: p.slack, slackConfigured: Boolean(p.slackUrl) };
}

export async function get(ctx: ServiceContext) {
  return preferencesJson(await db.getNotificationPreferences(ctx.db, ctx.actor.user.id));
}

export async function update(
  ctx: ServiceContext,
  input: { email?: string[]; slack?: string[]; slackUrl?: string | null },
) {
  requireAccountAccess(ctx, 'change notification settings');
  const slackUrl = input.slackUrl
    ? engineOf(ctx).cipher.encrypt(
        await checkDestination(input.slackUrl, {
          allowPrivate: ctx.options.allowPrivateHookAddresses ?? false,
          field: 'slackUrl',
        }),
      )
    : input.slackUrl === ''
      ? null
      : input.slackUrl;
  return preferencesJson(
    await db.setNotificationPreferences(ctx.db, ctx.actor.user.id, {
      email: input.email,
      slack: input.slack,
      slackUrl,
    }),
  );
}
