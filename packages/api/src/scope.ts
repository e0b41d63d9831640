// Scope helpers for routes that take a team in their path (`/v2/teams/{id}`): the same checks as
// services/context.ts, which owns them.
import type { Action } from '@nimbus/core';
import type { Context } from 'hono';
import type { AppEnv, Scope } from './context';
import { authorize, forTeam, requirePermission, scopeOf } from './services/context';

export { requirePermission };

export function resolveScope(c: Context<AppEnv>): Promise<Scope> {
  return scopeOf(c.var.ctx);
}

/** Looks up a team by id or slug in the caller's teams, checks the action, and returns the scope. */
export function teamScope(c: Context<AppEnv>, idOrSlug: string, action: Action): Promise<Scope> {
  return authorize(forTeam(c.var.ctx, idOrSlug), action);
}
