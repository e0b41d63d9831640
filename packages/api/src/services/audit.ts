// The audit log: `audit(ctx, action, target, meta)` appends one event after a change succeeded,
// and `list` serves it as Vercel's `GET /v3/events` (`{events: [{id, text, entities, createdAt,
// user, principalId, payload}]}`), readable by the team's owners. Nothing updates or deletes an
// event but the plan's retention (runtime.ts prunes).
import { AUDIT_ACTIONS, type AuditAction, isAuditAction } from '@nimbus/core';
import * as db from '@nimbus/db';
import type { ListEventsQuery } from '../schemas/audit';
import { MAX_TIMESTAMP } from '../schemas/common';
import { page } from '../serialize';
import { authorize, scopeOf } from './access';
import type { ServiceContext } from './context';

export interface AuditTarget {
  type:
    | 'team'
    | 'member'
    | 'invitation'
    | 'token'
    | 'project'
    | 'env'
    | 'deployment'
    | 'domain'
    | 'alias'
    | 'user'
    | 'sso'
    | 'webhook'
    | 'log_drain';
  id: string;
  name?: string | null;
}

/** Who acted, and from where: a request's actor, or the person an SSO sign-in just logged in. */
export interface AuditActor {
  user: { id: string; username: string; email: string };
  tokenId?: string | null;
  client?: { ip?: string | null; userAgent?: string | null };
}

/**
 * Records that the caller did `action` to `target` in the team of `ctx` (or `teamId` when the
 * caller is no longer in it, as after leaving). `meta` is shown as is: never put a secret in it.
 */
export async function audit(
  ctx: ServiceContext,
  action: AuditAction,
  target: AuditTarget,
  meta: Record<string, unknown> = {},
  teamId?: string,
): Promise<void> {
  const actor = { user: ctx.actor.user, tokenId: ctx.actor.token?.id, client: ctx.client };
  await auditAs(ctx.db, actor, teamId ?? (await scopeOf(ctx)).teamId, action, target, meta);
}

/** The same event in each of `teamIds` (a change to a user's own account that several teams see). */
export async function auditTeams(
  ctx: ServiceContext,
  teamIds: Iterable<string>,
  action: AuditAction,
  target: AuditTarget,
  meta: Record<string, unknown> = {},
): Promise<void> {
  for (const teamId of new Set(teamIds)) await audit(ctx, action, target, meta, teamId);
}

/** `audit` without a request context, for the SSO sign-in (the person acting has no session yet). */
export async function auditAs(
  dbx: db.Db,
  actor: AuditActor,
  teamId: string,
  action: AuditAction,
  target: AuditTarget,
  meta: Record<string, unknown> = {},
): Promise<void> {
  await db.recordAuditEvent(dbx, {
    teamId,
    actorId: actor.user.id,
    actorName: actor.user.username,
    actorEmail: actor.user.email,
    actorTokenId: actor.tokenId ?? null,
    action,
    targetType: target.type,
    targetId: target.id,
    targetName: target.name ?? null,
    meta,
    ip: actor.client?.ip ?? null,
    userAgent: actor.client?.userAgent ?? null,
  });
}

/** `since`/`until` as Vercel sends them: milliseconds since the epoch, or an ISO date. */
function timeOf(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  if (Number.isNaN(date.getTime()) || date.getTime() < 0 || date.getTime() > MAX_TIMESTAMP)
    throw new db.DomainError('bad_request', `"${name}" must be a time in milliseconds or an ISO date after 1970.`);
  return date;
}

const listOf = (value: string | undefined) =>
  value
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean) ?? [];

/** Vercel's type names are accepted in `types=` too, for the events that have one. */
const BY_VERCEL_TYPE = new Map<string, AuditAction[]>();
for (const [action, spec] of Object.entries(AUDIT_ACTIONS) as [AuditAction, { vercelType?: string }][]) {
  if (spec.vercelType) BY_VERCEL_TYPE.set(spec.vercelType, [...(BY_VERCEL_TYPE.get(spec.vercelType) ?? []), action]);
}

function actionsOf(types: string | undefined): AuditAction[] {
  return listOf(types).flatMap((t) => {
    if (isAuditAction(t)) return [t];
    const mapped = BY_VERCEL_TYPE.get(t);
    if (mapped) return mapped;
    throw new db.DomainError(
      'bad_request',
      `Unknown event type "${t}". Known types: ${Object.keys(AUDIT_ACTIONS).join(', ')}.`,
    );
  });
}

// GET /v3/events - the team's audit log, newest first
export async function list(ctx: ServiceContext, query: ListEventsQuery) {
  const scope = await authorize(ctx, 'audit:read');
  const { events, next } = await db.listAuditEvents(ctx.db, {
    teamId: scope.teamId,
    actions: actionsOf(query.types),
    actorId: query.principalId || query.userId || undefined,
    targetId: query.entityId || undefined,
    projectIds: listOf(query.projectIds),
    since: timeOf(query.since, 'since'),
    until: timeOf(query.until, 'until'),
    limit: query.limit ?? 20,
  });
  const withPayload = query.withPayload === 'true' || query.withPayload === '1';
  const json = events.map((e) => eventJson(e, withPayload));
  return { events: json, pagination: page(json, next) };
}

/** The people who acted in the team, for the Activity filter. */
export async function actors(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'audit:read');
  return db.listAuditActors(ctx.db, scope.teamId);
}

/** The most events one export holds; narrow the dates for more. */
export const EXPORT_LIMIT = 10_000;

/** Every event the filters keep, newest first, up to EXPORT_LIMIT, for the CSV and JSON downloads. */
export async function exportAll(ctx: ServiceContext, query: ListEventsQuery) {
  const all: ReturnType<typeof eventJson>[] = [];
  let until = query.until;
  while (all.length < EXPORT_LIMIT) {
    const { events, pagination } = await list(ctx, { ...query, until, limit: 100, withPayload: 'true' });
    all.push(...events);
    if (pagination.next === null) break;
    until = String(pagination.next);
  }
  return all.slice(0, EXPORT_LIMIT);
}

/** The spans of `text` that name something, as Vercel marks them for its dashboard. */
type Entity = { type: 'bold' | 'project_name' | 'env_var_name' | 'target'; start: number; end: number };

const ENTITY_OF: Partial<Record<AuditTarget['type'], Entity['type']>> = {
  project: 'project_name',
  env: 'env_var_name',
};

/** The sentence the Activity page shows, and the spans in it that name the actor and the target. */
export function describe(e: db.AuditEvent): { text: string; entities: Entity[] } {
  const action = e.action as AuditAction;
  const meta = e.meta as Record<string, unknown>;
  const target = e.targetName ?? e.targetId;
  const entities: Entity[] = [{ type: 'bold', start: 0, end: e.actorName.length }];
  let text = `${e.actorName} ${AUDIT_ACTIONS[action]?.verb ?? action}`;
  const name = (value: string, type: Entity['type']) => {
    text += ' ';
    entities.push({ type, start: text.length, end: text.length + value.length });
    text += value;
  };
  if (action === 'member.joined') name(String(meta.role), 'bold');
  else if (action !== 'member.left') name(target, ENTITY_OF[e.targetType as AuditTarget['type']] ?? 'bold');
  if (action === 'member.invited') text += ` as ${meta.role}`;
  if (action === 'member.role_updated') text += ` from ${meta.from} to ${meta.to}`;
  if (action === 'team.plan_changed') text += ` from ${meta.from} to ${meta.to}`;
  if (action === 'project.transferred') text += ` to ${meta.toTeam}`;
  if (action.startsWith('env.') && Array.isArray(meta.target)) text += ` (${meta.target.join(', ')})`;
  if (action === 'team.mfa_enforcement_changed' || action === 'sso.enforcement_changed')
    text += meta.enforced ? ': required' : ': not required';
  if (action === 'protection.sso_changed' || action === 'protection.password_changed')
    text += meta.deploymentType ? ` (${meta.deploymentType})` : ' (off)';
  if (action === 'domain.taken_over') text += ' by verifying it in another team';
  if (action.startsWith('project_domain.') && meta.projectName)
    text += `${action === 'project_domain.added' ? ' to' : action === 'project_domain.removed' ? ' from' : ' of'} project ${meta.projectName}`;
  if (action === 'user.username_changed') text += ` (was ${meta.from})`;
  return { text, entities };
}

function eventJson(e: db.AuditEvent, withPayload: boolean) {
  const spec = AUDIT_ACTIONS[e.action as AuditAction] as { vercelType?: string } | undefined;
  return {
    id: e.id,
    ...describe(e),
    createdAt: e.createdAt.getTime(),
    ...(spec?.vercelType ? { type: spec.vercelType } : {}),
    action: e.action,
    principalId: e.actorId,
    userId: e.actorId,
    user: { uid: e.actorId, username: e.actorName, email: e.actorEmail, avatar: `/api/www/avatar/${e.actorId}` },
    ...(e.actorTokenId ? { tokenId: e.actorTokenId } : {}),
    target: { type: e.targetType, id: e.targetId, name: e.targetName },
    ip: e.ip,
    userAgent: e.userAgent,
    ...(withPayload ? { payload: { ...e.meta, id: e.targetId } } : {}),
  };
}
