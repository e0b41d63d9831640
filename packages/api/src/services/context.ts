// The one argument every service function takes: the database, the engine, the options, who is
// calling and the team the call acts for. The API builds it once per request in a middleware
// (`c.var.ctx`); the dashboard builds it once per render from the session cookie
// (apps/web/lib/data.ts). Services check permissions against it, so a page and its API route
// share one check: the checks themselves are in ./access.ts.
import type { Db, Token, User } from '@nimbus/db';
import type { Engine } from '@nimbus/engine';
import type { HostContext } from '../deployment-json';
import type { ApiOptions, Scope } from './options';

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
