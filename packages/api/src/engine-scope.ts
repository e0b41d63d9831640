// Helpers the project, env, file and deployment routes share: the caller's team scope checked
// against one action of the role table, the engine (which only the composition root provides),
// and what deployment JSON needs to spell hosts.

import type { Action } from '@nimbus/core';
import { type Deployment, usernamesById } from '@nimbus/db';
import type { Engine } from '@nimbus/engine';
import type { Context } from 'hono';
import type { AppEnv, Scope } from './context';
import type { HostContext } from './deployment-json';
import { authorize } from './services/context';

export function scopeFor(c: Context<AppEnv>, action: Action): Promise<Scope> {
  return authorize(c.var.ctx, action);
}

export function engineOf(c: Context<AppEnv>): Engine {
  const engine = c.var.options.engine;
  if (!engine) throw new Error('The API was created without an engine; pass `engine` in ApiOptions.');
  return engine;
}

export function hostContext(c: Context<AppEnv>, scope: Scope): HostContext {
  const { deployDomain, publicUrl } = c.var.options;
  return { deployDomain, publicUrl, teamSlug: scope.slug };
}

/** hostContext plus the usernames of the deployments' creators. */
export async function deploymentContext(
  c: Context<AppEnv>,
  scope: Scope,
  deployments: Deployment[],
): Promise<HostContext> {
  const creators = deployments.map((d) => d.creatorId).filter((id): id is string => !!id);
  return { ...hostContext(c, scope), usernames: await usernamesById(c.var.options.db, creators) };
}
