// Which team a request acts for (`?teamId=` or `?slug=`, the token's team, else the default team)
// and the one permission check every route goes through.

import { type Action, can } from '@nimbus/core';
import { DomainError, getTeamForUser, listTeams } from '@nimbus/db';
import type { Context } from 'hono';
import type { AppEnv, Scope } from './context';

export async function resolveScope(c: Context<AppEnv>): Promise<Scope> {
  const user = c.var.user;
  const token = c.var.token;
  let wanted = c.req.query('teamId') || c.req.query('slug') || token?.teamId || user.defaultTeamId;
  // `teamId` equal to the caller's own user id means the personal scope (COMPAT.md).
  if (wanted === user.id) wanted = (await listTeams(c.var.options.db, user.id)).find((t) => t.personal)?.id ?? wanted;
  if (!wanted) throw new DomainError('bad_request', 'Pass ?teamId= or ?slug= to choose a team.');
  const team = await getTeamForUser(c.var.options.db, user.id, wanted);
  if (token?.teamId && token.teamId !== team.id) {
    throw new DomainError('forbidden', 'This token is limited to another team. Use a token for this team.');
  }
  return { teamId: team.id, slug: team.slug, role: team.role, personal: team.personal };
}

const ACTION_WORDS: Partial<Record<Action, string>> = {
  'team:update': 'change team settings',
  'team:delete': 'delete the team',
  'members:invite': 'invite members',
  'members:update': 'change member roles',
  'members:remove': 'remove members',
};

export function requirePermission(scope: Scope, action: Action): void {
  if (!can(scope.role, action)) {
    const what = ACTION_WORDS[action] ?? `do "${action}"`;
    throw new DomainError('forbidden', `Your role ${scope.role} in team "${scope.slug}" cannot ${what}. Ask an owner.`);
  }
}

/** Looks up a team by id or slug in the caller's teams, checks the action, and returns the scope. */
export async function teamScope(c: Context<AppEnv>, idOrSlug: string, action: Action): Promise<Scope> {
  const team = await getTeamForUser(c.var.options.db, c.var.user.id, idOrSlug);
  const token = c.var.token;
  if (token?.teamId && token.teamId !== team.id) {
    throw new DomainError('forbidden', 'This token is limited to another team. Use a token for this team.');
  }
  const scope = { teamId: team.id, slug: team.slug, role: team.role, personal: team.personal };
  requirePermission(scope, action);
  return scope;
}
