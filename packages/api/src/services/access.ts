// Who may do what: the team a call acts for (resolved once per request from the caller's choice,
// their token and their default team) and the checks every service makes against it, with messages
// that say what to do. Team policies apply here: enforced two-factor and enforced single sign-on.
import { type Action, can } from '@nimbus/core';
import { DomainError, getTeamForUser, getTeamSso, lastSsoLogin, listTeams } from '@nimbus/db';
import type { Actor, ServiceContext } from './context';
import type { Scope } from './options';

/** How long an SSO sign-in counts as recent for a team that enforces SSO (ApiOptions.ssoMaxAgeMs overrides). */
export const SSO_MAX_AGE_MS = 24 * 60 * 60_000;

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

/**
 * Enforcement: a browser session acting for a team that enforces SSO needs an SSO sign-in for
 * that team within the last SSO_MAX_AGE_MS. Owners pass (break-glass: they can always reach the
 * settings to fix the IdP), and so do tokens (they are made, listed and revoked by the user).
 * The error is the spec's: `missing_scope` with the team's slug and `saml: true`.
 */
export async function requireSsoLogin(ctx: ServiceContext, scope: Scope): Promise<void> {
  const { actor, options } = ctx;
  if (actor.via !== 'session' || !actor.sessionId || scope.personal || scope.role === 'OWNER') return;
  const sso = await getTeamSso(options.db, scope.teamId);
  if (!sso?.enforced) return;
  const last = await lastSsoLogin(options.db, actor.sessionId, scope.teamId);
  if (last && Date.now() - last.getTime() < (options.ssoMaxAgeMs ?? SSO_MAX_AGE_MS)) return;
  throw new DomainError('missing_scope', `Team ${scope.slug} requires single sign-on. Log in with SSO to continue.`, {
    scope: scope.slug,
    saml: true,
    teamId: scope.teamId,
  });
}
