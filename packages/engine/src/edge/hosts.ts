// Host → deployment, asked on every request, so answers are cached by the raw Host header (LRU +
// TTL, cache.ts) and concurrent misses share one lookup. Alias moves (promote, rollback, alias set,
// a domain verified, moved or removed) evict a host at once (`invalidate`); the TTL only bounds what a
// missed event or a deleted deployment can cost.

import {
  type AnalyticsSwitches,
  analyticsSwitches,
  type Db,
  hostAnswer,
  type ServedDeployment,
  teamServingState,
} from '@nimbus/db';
import { singleFlight } from './cache';

export interface HostTarget {
  /** The key resolveHost gave for the host; alias events name it. */
  key: string | null;
  deployment: ServedDeployment | null;
  /** A project domain that redirects: the same path and query go to `to` with `status`. */
  redirect: { to: string; status: number } | null;
  /** The deployment's project's Web Analytics and Speed Insights switches (null without a deployment). */
  analytics: AnalyticsSwitches | null;
  /** The deployment's team: frozen by staff, or its production paused by its budget (null without a deployment). */
  team: { frozen: boolean; paused: boolean } | null;
}

// A READY deployment never changes; unknown and building hosts change when a build finishes.
const READY_TTL = 60_000;
const PENDING_TTL = 1_000;

/**
 * The lookup key for a request's host name: the label under the deploy domain
 * (`my-site.localhost` → `my-site`), the full name for any other domain name (a custom domain or
 * alias: `www.example.com`), or null when Nimbus serves nothing there (deeper names under the deploy
 * domain, IP literals, names without a dot).
 */
export function resolveHost(hostname: string, deployDomain: string): string | null {
  if (hostname.endsWith(`.${deployDomain}`)) {
    const label = hostname.slice(0, -deployDomain.length - 1);
    return label && !label.includes('.') ? label : null;
  }
  if (hostname === deployDomain || !hostname.includes('.') || hostname.startsWith('[') || /^[\d.]+$/.test(hostname))
    return null;
  return hostname;
}

/** `My-Site.localhost:3000` → `my-site.localhost`; IPv6 literals keep their brackets. Also used by the front server's dispatch. */
export function hostnameOf(hostHeader: string): string {
  const host = hostHeader.toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

export type HostCache = ReturnType<typeof createHostCache>;

export function createHostCache(db: Db, deployDomain: string) {
  const cache = singleFlight<string, HostTarget>({
    limit: { max: 10_000 },
    ttl: READY_TTL,
    ttlOf: (target) => (target.deployment?.state === 'READY' || target.redirect ? READY_TTL : PENDING_TTL),
    async load(hostHeader) {
      const key = resolveHost(hostnameOf(hostHeader), deployDomain);
      if (!key) return { key, deployment: null, redirect: null, analytics: null, team: null };
      const answer = await hostAnswer(db, key);
      const [analytics, team] = answer.deployment
        ? await Promise.all([
            analyticsSwitches(db, answer.deployment.projectId),
            teamServingState(db, answer.deployment.teamId),
          ])
        : [null, null];
      return { key, ...answer, analytics, team };
    },
  });
  return {
    /** The target of a raw Host header; a warm host is answered synchronously. */
    get: cache.get,
    /**
     * Drops every cached host that resolves to `key` or serves a deployment of project `key` (its
     * analytics switches changed) or of team `key` (frozen, paused or resumed), or everything when `key` is null.
     */
    invalidate(key: string | null): void {
      if (key === null) cache.clear();
      else
        cache.evict(
          (target) => target.key === key || target.deployment?.projectId === key || target.deployment?.teamId === key,
        );
    },
  };
}
