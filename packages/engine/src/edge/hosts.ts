// Host → deployment, asked on every request, so answers are cached by the raw Host header (LRU +
// TTL) and concurrent misses share one lookup. Alias moves (promote, rollback) evict a label at
// once (`invalidate`); the TTL only bounds what a missed event or a deleted deployment can cost.

import { type Db, schema } from '@nimbus/db';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

export interface HostTarget {
  /** The key resolveHost gave for the host; alias events name it. */
  key: string | null;
  deployment: { id: string; state: schema.DeploymentState; config: Record<string, unknown> } | null;
}

// A READY deployment never changes; unknown and building hosts change when a build finishes.
const READY_TTL = 60_000;
const PENDING_TTL = 1_000;

/**
 * The lookup key for a request's host name: the label under the deploy domain
 * (`my-site.localhost` → `my-site`), or null when Nimbus serves nothing there. Verified custom
 * domains resolve here too once they exist: their aliases row holds the full domain.
 */
export function resolveHost(hostname: string, deployDomain: string): string | null {
  if (!hostname.endsWith(`.${deployDomain}`)) return null;
  const label = hostname.slice(0, -deployDomain.length - 1);
  return label && !label.includes('.') ? label : null;
}

/** `My-Site.localhost:3000` → `my-site.localhost`; IPv6 literals keep their brackets. Also used by the front server's dispatch. */
export function hostnameOf(hostHeader: string): string {
  const host = hostHeader.toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

async function lookup(db: Db, key: string): Promise<HostTarget['deployment']> {
  const { aliases, deployments } = schema;
  const [alias] = await db.select({ id: aliases.deploymentId }).from(aliases).where(eq(aliases.host, key)).limit(1);
  const [deployment] = await db
    .select({ id: deployments.id, state: deployments.state, config: deployments.config })
    .from(deployments)
    .where(alias ? eq(deployments.id, alias.id) : eq(deployments.host, key))
    .limit(1);
  return deployment ?? null;
}

export type HostCache = ReturnType<typeof createHostCache>;

export function createHostCache(db: Db, deployDomain: string) {
  const cache = new LRUCache<string, HostTarget>({ max: 10_000, ttl: READY_TTL });
  const pending = new Map<string, Promise<HostTarget>>();
  // A lookup that began before an invalidation may carry the old answer: it is used, never cached.
  let generation = 0;
  return {
    get(hostHeader: string): HostTarget | Promise<HostTarget> {
      const hit = cache.get(hostHeader);
      if (hit) return hit;
      let target = pending.get(hostHeader);
      if (target) return target;
      const key = resolveHost(hostnameOf(hostHeader), deployDomain);
      const started = generation;
      target = (key ? lookup(db, key) : Promise.resolve(null)).then(
        (deployment) => {
          const found: HostTarget = { key, deployment };
          if (pending.get(hostHeader) === target) pending.delete(hostHeader);
          if (started === generation)
            cache.set(hostHeader, found, { ttl: deployment?.state === 'READY' ? READY_TTL : PENDING_TTL });
          return found;
        },
        (err: unknown) => {
          if (pending.get(hostHeader) === target) pending.delete(hostHeader);
          throw err;
        },
      );
      pending.set(hostHeader, target);
      return target;
    },
    /** Drops every cached host that resolves to `key`, or everything when `key` is null. */
    invalidate(key: string | null): void {
      generation++;
      pending.clear();
      if (key === null) return cache.clear();
      for (const [host, target] of cache.entries()) if (target.key === key) cache.delete(host);
    },
  };
}
