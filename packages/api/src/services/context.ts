// The one argument every service function takes: the database, the engine, the options, who is
// calling and the team the call acts for. The API builds it once per request in a middleware
// (`c.var.ctx`); the dashboard builds it once per render from the session cookie
// (apps/web/lib/data.ts). Services check permissions against it, so a page and its API route
// share one check.
import { type Action, can } from '@nimbus/core';
import { type Db, DomainError, getTeamForUser, listTeams, type Token, type User } from '@nimbus/db';
import type { Engine } from '@nimbus/engine';
import type { ApiOptions, Scope } from '../context';
import type { HostContext } from '../deployment-json';
import { requireSsoLogin } from './sso';

/** Who is calling and how they proved it. */
export interface Actor {
  user: User;
  token: Token | null;
  via: 'token' | 'session';
  /** The browser session making the call, so the account page can mark it and keep it. */
  sessionId?: string | null;
}

export interface ServiceContext {
  db: Db;
  options: ApiOptions;
  actor: Actor;
  /** The team asked for by id or slug (`?teamId=`, `?slug=`, the dashboard's URL); else the token's team or the default team. */
  team: string | undefined;
  /** The resolved scope, filled on first use so one request looks the team up once. */
  resolved?: Promise<Scope>;
  /** Where the request came from, for the audit log; absent outside a request (tests, the worker). */
  client?: Client;
}

/** The caller's address (NIMBUS_TRUST_PROXY decides whether X-Forwarded-For counts) and User-Agent. */
export interface Client {
  ip: string | null;
  userAgent: string | null;
}

export function createContext(options: ApiOptions, actor: Actor, team?: string, client?: Client): ServiceContext {
  return { db: options.db, options, actor, team: team || undefined, client };
}

/** The same caller acting for another team (the dashboard renders one team per page, but its header lists them all). */
export function forTeam(ctx: ServiceContext, team: string): ServiceContext {
  return ctx.team === team ? ctx : createContext(ctx.options, ctx.actor, team, ctx.client);
}

/** The team this call acts for; `teamId` equal to the caller's own user id means the personal team (Vercel's clients send it). */
export function scopeOf(ctx: ServiceContext): Promise<Scope> {
  ctx.resolved ??= resolve(ctx);
  return ctx.resolved;
}

async function resolve(ctx: ServiceContext): Promise<Scope> {
  const { user, token } = ctx.actor;
  let wanted = ctx.team || token?.teamId || user.defaultTeamId;
  if (wanted === user.id) wanted = (await listTeams(ctx.db, user.id)).find((t) => t.personal)?.id ?? wanted;
  if (!wanted) throw new DomainError('bad_request', 'Pass ?teamId= or ?slug= to choose a team.');
  const team = await getTeamForUser(ctx.db, user.id, wanted);
  if (token?.teamId && token.teamId !== team.id) {
    throw new DomainError(
      'missing_scope',
      `This token is limited to another team. Use a token for team ${team.slug}.`,
      {
        scope: team.slug,
      },
    );
  }
  if (team.mfaEnforced && !team.personal) requireSecondFactor(ctx.actor, team.slug);
  const scope = {
    teamId: team.id,
    slug: team.slug,
    name: team.name ?? team.slug,
    role: team.role,
    personal: team.personal,
  };
  await requireSsoLogin(ctx, scope);
  return scope;
}

/**
 * A team that enforces two-factor authentication answers only callers who proved it: a user with
 * two-factor on, through a session (turning it on ends every other session, so each remaining one
 * began with it) or a token made after it was turned on (tokens made before could have been taken
 * by anyone who had only the password). The dashboard sends the rest to /two-factor-required.
 */
export function requireSecondFactor(actor: Actor, teamSlug: string): void {
  const since = actor.user.totpEnabledAt;
  const proved =
    since !== null && (actor.via === 'session' || (actor.token !== null && actor.token.createdAt >= since));
  if (proved) return;
  const message = since
    ? `Team "${teamSlug}" requires two-factor authentication, and this token was made before you turned it on. Create a new token.`
    : `Team "${teamSlug}" requires two-factor authentication. Turn it on in your account settings, then try again.`;
  throw new DomainError('mfa_enforced', message, { teamSlug });
}

/**
 * Refuses tokens limited to one team: they act inside that team and may not mint tokens, see or
 * revoke the user's other tokens, or change the account. `what` finishes "A team-limited token cannot …".
 */
export function requireAccountAccess(ctx: ServiceContext, what: string): void {
  if (ctx.actor.token?.teamId)
    throw new DomainError(
      'forbidden',
      `A team-limited token cannot ${what}. Use the dashboard or a token that is not limited to a team.`,
    );
}

const ACTION_WORDS: Partial<Record<Action, string>> = {
  'team:update': 'change team settings',
  'team:delete': 'delete the team',
  'members:invite': 'invite members',
  'members:update': 'change member roles',
  'members:remove': 'remove members',
  'cache:purge': "purge the project's edge cache",
  'integrations:read': 'see webhooks and log drains',
  'integrations:write': 'add or remove webhooks and log drains',
};

export function requirePermission(scope: Scope, action: Action): void {
  if (!can(scope.role, action)) {
    const what = ACTION_WORDS[action] ?? `do "${action}"`;
    throw new DomainError('forbidden', `Your role ${scope.role} in team "${scope.slug}" cannot ${what}. Ask an owner.`);
  }
}

/** The scope, after checking that the caller's role there may do `action` (packages/core/src/permissions.ts). */
export async function authorize(ctx: ServiceContext, action: Action): Promise<Scope> {
  const scope = await scopeOf(ctx);
  requirePermission(scope, action);
  return scope;
}

export function engineOf(ctx: ServiceContext): Engine {
  const engine = ctx.options.engine;
  if (!engine) throw new Error('The API was created without an engine; pass `engine` in ApiOptions.');
  return engine;
}

/** What deployment JSON needs to spell hosts and inspector URLs. */
export function hostContext(ctx: ServiceContext, scope: Scope): HostContext {
  const { deployDomain, publicUrl } = ctx.options;
  return {
    deployDomain,
    publicUrl,
    teamSlug: scope.slug,
    team: { id: scope.teamId, name: scope.name, slug: scope.slug },
  };
}
