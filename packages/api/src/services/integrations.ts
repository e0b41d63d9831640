// A team's outgoing webhooks (Vercel's `/v1/webhooks`), log drains (`/v2/integrations/log-drains`,
// `/v1/log-drains`) and the Integrations overview. Secrets are sealed with the env-value cipher and
// shown once, in the reply that creates them. Deliveries are sent by the worker role
// (engine/src/hooks/dispatcher.ts); nothing here sends anything.
import { randomBytes } from 'node:crypto';
import * as db from '@nimbus/db';
import { checkDestination } from '@nimbus/engine';
import { authorize } from './access';
import { audit } from './audit';
import { engineOf, type ServiceContext } from './context';
import { listConnections } from './git-providers';

export function webhookJson(w: db.Webhook) {
  return {
    id: w.id,
    ownerId: w.teamId,
    url: w.url,
    events: w.events,
    ...(w.projectIds.length ? { projectIds: w.projectIds } : {}),
    createdAt: w.createdAt.getTime(),
    updatedAt: w.updatedAt.getTime(),
  };
}

async function checkProjects(ctx: ServiceContext, teamId: string, projectIds: string[] | undefined) {
  const ids: string[] = [];
  for (const idOrName of projectIds ?? []) ids.push((await db.getProject(ctx.db, teamId, idOrName)).id);
  return [...new Set(ids)];
}

export async function listWebhooks(ctx: ServiceContext, projectId?: string) {
  const scope = await authorize(ctx, 'integrations:read');
  return (await db.listWebhooks(ctx.db, scope.teamId, projectId)).map(webhookJson);
}

export async function getWebhook(ctx: ServiceContext, id: string) {
  const scope = await authorize(ctx, 'integrations:read');
  return webhookJson(await db.getWebhook(ctx.db, scope.teamId, id));
}

export async function createWebhook(
  ctx: ServiceContext,
  input: { url: string; events: string[]; projectIds?: string[] },
) {
  const scope = await authorize(ctx, 'integrations:write');
  const url = await checkDestination(input.url, { allowPrivate: ctx.options.allowPrivateHookAddresses ?? false });
  const events = [...new Set(input.events)];
  if (events.length === 0) throw new db.DomainError('bad_request', 'Choose at least one event.');
  for (const e of events)
    if (!(db.WEBHOOK_EVENTS as readonly string[]).includes(e))
      throw new db.DomainError(
        'bad_request',
        `Nimbus does not send "${e}" yet; choose from ${db.WEBHOOK_EVENTS.join(', ')}.`,
      );
  const projectIds = await checkProjects(ctx, scope.teamId, input.projectIds);
  const secret = randomBytes(24).toString('hex');
  const row = await db.createWebhook(ctx.db, {
    teamId: scope.teamId,
    url,
    events,
    projectIds,
    sealedSecret: engineOf(ctx).cipher.encrypt(secret),
  });
  await audit(ctx, 'webhook.created', { type: 'webhook', id: row.id, name: new URL(url).host }, { events, projectIds });
  return { ...webhookJson(row), secret };
}

export async function deleteWebhook(ctx: ServiceContext, id: string) {
  const scope = await authorize(ctx, 'integrations:write');
  const hook = await db.getWebhook(ctx.db, scope.teamId, id);
  await db.deleteWebhook(ctx.db, scope.teamId, id);
  await audit(ctx, 'webhook.deleted', { type: 'webhook', id, name: new URL(hook.url).host });
}

export async function listDeliveries(ctx: ServiceContext, id: string) {
  const scope = await authorize(ctx, 'integrations:read');
  const hook = await db.getWebhook(ctx.db, scope.teamId, id);
  const rows = await db.listDeliveries(ctx.db, hook.id);
  return {
    deliveries: rows.map((d) => ({
      id: d.id,
      eventId: d.eventId,
      event: d.eventType,
      state: d.state,
      createdAt: d.createdAt.getTime(),
      nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.getTime() : null,
      attempts: d.attemptLog.map((a) => ({
        at: a.at.getTime(),
        status: a.status,
        response: a.response,
        durationMs: a.durationMs,
      })),
    })),
  };
}

export async function redeliver(ctx: ServiceContext, id: string, deliveryId: string) {
  const scope = await authorize(ctx, 'integrations:write');
  const hook = await db.getWebhook(ctx.db, scope.teamId, id);
  const row = await db.redeliver(ctx.db, hook.id, deliveryId);
  return { id: row.id, state: row.state };
}

// ---- Log drains ----

export function logDrainJson(d: db.LogDrain, headers?: Record<string, string>) {
  return {
    id: d.id,
    ownerId: d.teamId,
    name: d.name,
    url: d.url,
    deliveryFormat: d.deliveryFormat,
    sources: d.sources,
    environments: d.environments,
    ...(d.projectIds.length ? { projectIds: d.projectIds } : {}),
    ...(headers ? { headers } : {}),
    samplingRate: d.samplingRate,
    createdAt: d.createdAt.getTime(),
    createdFrom: 'self-served' as const,
    source: { kind: 'self-served' as const },
    status: d.status,
    ...(d.disabledReason ? { disabledReason: d.disabledReason } : {}),
  };
}

export interface LogDrainInput {
  name: string;
  url: string;
  deliveryFormat?: 'json' | 'ndjson';
  sources?: db.LogDrainSource[];
  environments?: ('preview' | 'production')[];
  projectIds?: string[];
  secret?: string;
  headers?: Record<string, string>;
  samplingRate?: number;
}

export async function listLogDrains(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'integrations:read');
  return (await db.listLogDrains(ctx.db, scope.teamId)).map((d) => logDrainJson(d));
}

export async function getLogDrain(ctx: ServiceContext, id: string) {
  const scope = await authorize(ctx, 'integrations:read');
  return logDrainJson(await db.getLogDrain(ctx.db, scope.teamId, id));
}

export async function createLogDrain(ctx: ServiceContext, input: LogDrainInput) {
  const scope = await authorize(ctx, 'integrations:write');
  const url = await checkDestination(input.url, { allowPrivate: ctx.options.allowPrivateHookAddresses ?? false });
  const name = input.name.trim();
  if (!name) throw new db.DomainError('bad_request', 'Give the log drain a name.');
  const rate = input.samplingRate ?? 1;
  if (!(rate > 0 && rate <= 1)) throw new db.DomainError('bad_request', 'samplingRate is a number above 0, at most 1.');
  const projectIds = await checkProjects(ctx, scope.teamId, input.projectIds);
  const secret = input.secret ?? randomBytes(24).toString('hex');
  const { cipher } = engineOf(ctx);
  const row = await db.createLogDrain(ctx.db, {
    teamId: scope.teamId,
    createdBy: ctx.actor.user.id,
    name,
    url,
    deliveryFormat: input.deliveryFormat ?? 'json',
    sources: [...new Set(input.sources?.length ? input.sources : (['build', 'lambda'] as db.LogDrainSource[]))],
    environments: [...new Set(input.environments?.length ? input.environments : (['preview', 'production'] as const))],
    projectIds,
    secret: cipher.encrypt(secret),
    headers: input.headers && Object.keys(input.headers).length ? cipher.encrypt(JSON.stringify(input.headers)) : null,
    samplingRate: rate,
  });
  await audit(
    ctx,
    'log_drain.created',
    { type: 'log_drain', id: row.id, name },
    { host: new URL(url).host, sources: row.sources },
  );
  return { ...logDrainJson(row, input.headers), secret };
}

export async function deleteLogDrain(ctx: ServiceContext, id: string) {
  const scope = await authorize(ctx, 'integrations:write');
  const drain = await db.getLogDrain(ctx.db, scope.teamId, id);
  await db.deleteLogDrain(ctx.db, scope.teamId, id);
  await audit(ctx, 'log_drain.deleted', { type: 'log_drain', id, name: drain.name });
}

/** The Integrations page: the team's git connections, log drains and webhooks in one reply. */
export async function overview(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'integrations:read');
  const [hooks, drains] = await Promise.all([
    db.listWebhooks(ctx.db, scope.teamId),
    db.listLogDrains(ctx.db, scope.teamId),
  ]);
  return {
    git: await listConnections(ctx, scope.teamId),
    webhooks: hooks.map(webhookJson),
    logDrains: drains.map((d) => logDrainJson(d)),
    events: [...db.WEBHOOK_EVENTS],
  };
}
