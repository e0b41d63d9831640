// Prerendered pages and incremental static regeneration. A prerender is served from its newest
// regenerated copy (a `prerender_cache` row whose body is a blob) or else from its build-time
// fallback. Past `expiration` the stale page is still served and one process, holding a lease in
// the database, regenerates it in the background by calling the page's function with the bypass
// token (stale-while-revalidate). A request that carries the bypass token in
// `x-prerender-revalidate` regenerates at once (on-demand revalidation). State lives in PostgreSQL
// and the file store, so every edge process and machine serves one cache; each keeps the rows it
// read for at most a second.
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { PrerenderConfig } from '@nimbus/core';
import { describeError } from '@nimbus/core';
import {
  claimRegeneration,
  type Db,
  type PrerenderEntry,
  readPrerender,
  recordBlobs,
  releaseRegeneration,
  storePrerender,
} from '@nimbus/db';
import { LRUCache } from 'lru-cache';
import { sha1 } from '../../store/local';
import type { FileStore } from '../../store/types';

/** How long a process trusts a row it read before asking the database again. */
const ROW_TTL_MS = 1_000;
/** A regeneration that takes longer loses its lease, and another process may try. */
const LEASE_MS = 60_000;
/** Larger regenerated pages are served but not cached. */
const MAX_CACHED_BYTES = 10 * 1024 * 1024;
const DROPPED = new Set(['set-cookie', 'connection', 'transfer-encoding', 'keep-alive', 'content-length', 'date']);

export interface StoredPrerender {
  path: string;
  config: PrerenderConfig;
  fallback: { sha: string; size: number; contentType: string | null } | null;
}

export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Readable;
}

export interface PrerenderRequest {
  deploymentId: string;
  teamId: string;
  /** When the deployment went READY: the fallback's age counts from then. */
  builtAt: Date;
  prerender: StoredPrerender;
  /** The prerender's path plus the query it keeps (`allowQuery`). */
  key: string;
  /** The request's `x-prerender-revalidate` header. */
  revalidateToken: string | undefined;
  /** Renders the page through its function, with the bypass token set. */
  render(): Promise<RenderedPage>;
}

export interface PrerenderAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
  cache: 'HIT' | 'STALE' | 'MISS' | 'REVALIDATED';
}

/** The cache key of a request: the path and only the query parameters `allowQuery` keeps, sorted. */
export function prerenderKey(path: string, query: URLSearchParams, config: PrerenderConfig): string {
  const allowed = config.allowQuery;
  const kept = [...query.entries()]
    .filter(([name]) => allowed === undefined || allowed.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `${path}?${new URLSearchParams(kept)}` : path;
}

export function createPrerenderCache(options: { db: Db; store: FileStore }) {
  const { db, store } = options;
  const rows = new LRUCache<string, { row: PrerenderEntry | null }>({ max: 10_000, ttl: ROW_TTL_MS });
  const bodies = new LRUCache<string, Buffer>({ maxSize: 128 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });

  async function body(sha: string): Promise<Buffer> {
    const hit = bodies.get(sha);
    if (hit) return hit;
    const data = await store.get(sha);
    bodies.set(sha, data);
    return data;
  }

  async function row(deploymentId: string, key: string): Promise<PrerenderEntry | null> {
    const id = `${deploymentId}\0${key}`;
    const hit = rows.get(id);
    if (hit) return hit.row;
    const found = await readPrerender(db, deploymentId, key);
    rows.set(id, { row: found });
    return found;
  }

  /** Renders the page and, when it answered 200 or 404 and fits, stores it as the new copy. */
  async function regenerate(r: PrerenderRequest): Promise<PrerenderAnswer> {
    try {
      const page = await r.render();
      const data = await buffer(page.body);
      const headers = page.headers.filter(([name]) => !DROPPED.has(name.toLowerCase()));
      if ((page.status === 200 || page.status === 404) && data.length <= MAX_CACHED_BYTES) {
        const sha = sha1(data);
        await store.put(sha, data);
        await recordBlobs(db, r.teamId, [{ sha, size: data.length }]);
        const stored = await storePrerender(db, {
          deploymentId: r.deploymentId,
          key: r.key,
          sha,
          status: page.status,
          headers,
        });
        rows.set(`${r.deploymentId}\0${r.key}`, { row: stored });
        bodies.set(sha, data);
      } else {
        await releaseRegeneration(db, r.deploymentId, r.key);
      }
      return { status: page.status, headers, body: data, cache: 'REVALIDATED' };
    } catch (err) {
      await releaseRegeneration(db, r.deploymentId, r.key).catch(() => undefined);
      throw err;
    }
  }

  return {
    async serve(r: PrerenderRequest): Promise<PrerenderAnswer> {
      const { config, fallback } = r.prerender;
      if (config.bypassToken && r.revalidateToken === config.bypassToken) {
        const answer = await regenerate(r);
        return answer;
      }
      const current = await row(r.deploymentId, r.key);
      let page: { status: number; headers: [string, string][]; sha: string; generatedAt: Date } | null = null;
      if (current?.sha && current.generatedAt)
        page = { status: current.status, headers: current.headers, sha: current.sha, generatedAt: current.generatedAt };
      else if (fallback) {
        const headers = Object.entries(config.initialHeaders ?? {});
        if (fallback.contentType && !headers.some(([n]) => n.toLowerCase() === 'content-type'))
          headers.push(['content-type', fallback.contentType]);
        page = { status: config.initialStatus ?? 200, headers, sha: fallback.sha, generatedAt: r.builtAt };
      }
      if (!page) {
        // No copy and no fallback (a page rendered on first request): render it now, once.
        if (await claimRegeneration(db, r.deploymentId, r.key, LEASE_MS)) {
          const answer = await regenerate(r);
          return { ...answer, cache: 'MISS' };
        }
        const page = await r.render();
        return { status: page.status, headers: page.headers, body: await buffer(page.body), cache: 'MISS' };
      }
      const stale = config.expiration !== false && Date.now() - page.generatedAt.getTime() > config.expiration * 1000;
      if (stale && (await claimRegeneration(db, r.deploymentId, r.key, LEASE_MS))) {
        rows.delete(`${r.deploymentId}\0${r.key}`);
        regenerate(r).catch((err: unknown) =>
          console.error(`[edge] could not regenerate /${r.key}: ${describeError(err)}`),
        );
      }
      return { status: page.status, headers: page.headers, body: await body(page.sha), cache: stale ? 'STALE' : 'HIT' };
    },
  };
}

export type PrerenderCache = ReturnType<typeof createPrerenderCache>;
