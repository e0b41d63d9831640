// The edge cache (Vercel's CDN cache) for function responses: what a function answered with a cache
// time (cdn-cache-control.ts decides) is kept as an `edge_cache` row whose body is a blob in the file
// store, like prerender.ts keeps ISR pages, so every edge process and machine serves one cache and a
// purge by tag reaches all of them. Each process trusts the rows it read for at most a second.
// Entries are keyed by deployment: a new deployment (a production promote included) starts empty and
// never serves an older one's responses. A stale entry is served at once while one process, holding a
// lease in the database, calls the function again in the background (stale-while-revalidate).
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { describeError } from '@nimbus/core';
import {
  claimEdgeRefresh,
  type Db,
  deleteEdgeCacheEntry,
  type EdgeCacheEntry,
  readEdgeCache,
  recordBlobs,
  releaseEdgeRefresh,
  storeEdgeCache,
} from '@nimbus/db';
import { LRUCache } from 'lru-cache';
import { sha1 } from '../../store/local';
import type { FileStore } from '../../store/types';
import { type CachePolicy, cachePolicy, cacheTags, clientHeaders, variantOf, varyNames } from './cdn-cache-control';

/** How long a process trusts a row it read before asking the database again. */
const ROW_TTL_MS = 1_000;
/** A refresh that takes longer loses its lease, and another process may try. */
const LEASE_MS = 60_000;
/** Vercel's limit: larger responses are streamed through and not kept. */
export const MAX_CACHED_BYTES = 10 * 1024 * 1024;
/** Never kept: they describe one answer on one connection, not the response. */
const UNKEPT = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
  'age',
  'x-vercel-cache',
  'x-nimbus-id',
]);

export type CacheState = 'HIT' | 'STALE';

/** An entry that may answer the request: fresh (HIT), stale, or past its time but usable on error. */
export interface Found {
  entry: EdgeCacheEntry;
  /** HIT or STALE when it may answer now; null when it is past its time (a MISS). */
  serve: CacheState | null;
  /** Past its time but within `stale-if-error`: answers if the function fails. */
  ifError: boolean;
}

export interface Rendered {
  status: number;
  /** Merged route and function headers, lower case, before clientHeaders. */
  headers: Map<string, string | string[]>;
  body: Readable;
}

/** Who an entry belongs to and which request made it. */
export interface CacheTarget {
  deploymentId: string;
  projectId: string;
  teamId: string;
  key: string;
  request: IncomingHttpHeaders;
}

export function createEdgeCache(options: { db: Db; store: FileStore }) {
  const { db, store } = options;
  const rows = new LRUCache<string, { rows: EdgeCacheEntry[] }>({ max: 10_000, ttl: ROW_TTL_MS });
  const bodies = new LRUCache<string, Buffer>({ maxSize: 128 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });
  /** Stores under way in this process: a request right behind the first waits for its entry. */
  const pending = new Map<string, Promise<void>>();

  const idOf = (deploymentId: string, key: string) => `${deploymentId}\0${key}`;

  async function variants(deploymentId: string, key: string): Promise<EdgeCacheEntry[]> {
    const id = idOf(deploymentId, key);
    await pending.get(id);
    const hit = rows.get(id);
    if (hit) return hit.rows;
    const found = await readEdgeCache(db, deploymentId, key);
    rows.set(id, { rows: found });
    return found;
  }

  async function keep(
    target: CacheTarget,
    r: { status: number; headers: [string, string][]; vary: string[]; tags: string[]; policy: CachePolicy },
    data: Buffer,
  ) {
    const sha = sha1(data);
    await store.put(sha, data);
    await recordBlobs(db, target.teamId, [{ sha, size: data.length }]);
    await storeEdgeCache(db, {
      deploymentId: target.deploymentId,
      projectId: target.projectId,
      key: target.key,
      variant: variantOf(r.vary, target.request),
      vary: r.vary,
      sha,
      status: r.status,
      headers: r.headers,
      tags: r.tags,
      storedAt: new Date(),
      maxAge: r.policy.maxAge,
      staleWhileRevalidate: r.policy.staleWhileRevalidate,
      staleIfError: r.policy.staleIfError,
    });
    bodies.set(sha, data);
    rows.delete(idOf(target.deploymentId, target.key));
  }

  /**
   * Reads what a function answered for the cache: the policy and the headers the client gets (edited in
   * place), and what to keep if the body turns out to fit.
   */
  function prepare(rendered: Rendered) {
    const policy = cachePolicy(rendered.status, rendered.headers);
    const vary = varyNames(rendered.headers) ?? [];
    const tags = cacheTags(rendered.headers);
    clientHeaders(rendered.headers, policy);
    const headers: [string, string][] = [];
    for (const [name, value] of rendered.headers)
      if (!UNKEPT.has(name)) for (const v of Array.isArray(value) ? value : [value]) headers.push([name, v]);
    return { policy, kept: { status: rendered.status, headers, vary, tags } };
  }

  return {
    /** The entry for this request (matching its Vary values), with what it may do now; null if none. */
    async find(deploymentId: string, key: string, request: IncomingHttpHeaders): Promise<Found | null> {
      const entry = (await variants(deploymentId, key)).find((e) => e.variant === variantOf(e.vary, request));
      if (!entry) return null;
      const age = Date.now() - entry.storedAt.getTime();
      const fresh = age <= entry.maxAge * 1000;
      const usable = age <= (entry.maxAge + entry.staleWhileRevalidate) * 1000;
      const serve = fresh && !entry.invalidatedAt ? 'HIT' : usable ? 'STALE' : null;
      return { entry, serve, ifError: !serve && age <= (entry.maxAge + entry.staleIfError) * 1000 };
    },

    async body(entry: EdgeCacheEntry): Promise<Buffer> {
      const hit = bodies.get(entry.sha);
      if (hit) return hit;
      const data = await store.get(entry.sha);
      bodies.set(entry.sha, data);
      return data;
    },

    /**
     * A response on its way to the first client: returns the policy (null: not cached) after editing
     * the client's headers. When cached, the body is copied while it streams through, up to the size
     * cap; a body that ends within it is kept, a larger one is only streamed.
     */
    passThrough(target: CacheTarget, rendered: Rendered): CachePolicy | null {
      const { policy, kept } = prepare(rendered);
      if (!policy) return null;
      const chunks: Buffer[] = [];
      let size = 0;
      rendered.body.on('data', (chunk: Buffer) => {
        if (size > MAX_CACHED_BYTES) return;
        size += chunk.length;
        if (size > MAX_CACHED_BYTES) chunks.length = 0;
        else chunks.push(chunk);
      });
      // Registered before the caller pipes the body: the entry is pending before the client sees the end.
      rendered.body.once('end', () => {
        if (size > MAX_CACHED_BYTES) return;
        const id = idOf(target.deploymentId, target.key);
        const stored = keep(target, { ...kept, policy }, Buffer.concat(chunks))
          .catch((err: unknown) => console.error(`[edge] could not cache ${target.key}: ${describeError(err)}`))
          .finally(() => pending.delete(id));
        pending.set(id, stored);
      });
      return policy;
    },

    /**
     * Refreshes a stale entry in the background, once across processes: the lease holder calls the
     * function and keeps the new response, or forgets the entry when it is no longer cacheable.
     */
    refresh(target: CacheTarget, entry: EdgeCacheEntry, render: () => Promise<Rendered | null>): void {
      const id = { deploymentId: entry.deploymentId, key: entry.key, variant: entry.variant };
      const run = async () => {
        if (!(await claimEdgeRefresh(db, id, LEASE_MS))) return;
        rows.delete(idOf(entry.deploymentId, entry.key));
        try {
          const rendered = await render();
          if (!rendered || rendered.status >= 500) {
            // A failing function keeps the old copy; the next stale request tries again.
            rendered?.body.destroy();
            await releaseEdgeRefresh(db, id);
          } else {
            const { policy, kept } = prepare(rendered);
            if (!policy) rendered.body.destroy();
            const data = policy ? await capped(rendered.body) : null;
            if (policy && data) await keep(target, { ...kept, policy }, data);
            else await deleteEdgeCacheEntry(db, id);
          }
        } catch (err) {
          await releaseEdgeRefresh(db, id).catch(() => undefined);
          throw err;
        }
        rows.delete(idOf(entry.deploymentId, entry.key));
      };
      run().catch((err: unknown) => console.error(`[edge] could not refresh ${entry.key}: ${describeError(err)}`));
    },
  };
}

/** The whole body, or null (and the stream destroyed) past the size cap. */
async function capped(body: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_CACHED_BYTES) {
      body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export type EdgeCache = ReturnType<typeof createEdgeCache>;
