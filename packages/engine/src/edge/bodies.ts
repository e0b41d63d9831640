// Blob bytes in memory: each file up to `maxFileBytes` raw, and its brotli and gzip forms, each set
// in an LRU bounded by total bytes. A hot file then costs one map lookup and one socket write, and
// nothing is compressed twice. Concurrent misses share one store read or one compression, which
// runs on libuv's thread pool, so a slow brotli pass never blocks other requests.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { FileStore } from '../store/types';

export type Encoding = 'br' | 'gzip';

export interface BodyLimits {
  /** Larger files are streamed from the store and sent uncompressed. */
  maxFileBytes: number;
  rawBytes: number;
  compressedBytes: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  maxFileBytes: 4 << 20,
  rawBytes: 256 << 20,
  compressedBytes: 64 << 20,
};

// Top compression levels for small files; above this size brotli 11 takes seconds (2 s for 1 MB
// of JS) for a few percent, so large files get brotli 6 and gzip 6 (~40 ms and ~15 ms per MB).
const SMALL = 128 << 10;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(data: Buffer, encoding: Encoding): Promise<Buffer> {
  const small = data.length <= SMALL;
  if (encoding === 'gzip') return gzipAsync(data, { level: small ? 9 : 6 });
  return brotli(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: small ? 11 : 6,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

interface Memo {
  cache: LRUCache<string, Buffer>;
  pending: Map<string, Promise<Buffer>>;
}

function memo(maxSize: number): Memo {
  return { cache: new LRUCache({ maxSize, sizeCalculation: (b) => b.length || 1 }), pending: new Map() };
}

/** The cached bytes, or one shared promise of them. */
function through(m: Memo, sha: string, make: () => Promise<Buffer>): Buffer | Promise<Buffer> {
  const hit = m.cache.get(sha);
  if (hit) return hit;
  let pending = m.pending.get(sha);
  if (!pending) {
    pending = make().then(
      (body) => (m.pending.delete(sha), m.cache.set(sha, body), body),
      (err: unknown) => {
        m.pending.delete(sha);
        throw err;
      },
    );
    m.pending.set(sha, pending);
  }
  return pending;
}

export type BodyCache = ReturnType<typeof createBodyCache>;

export function createBodyCache(store: FileStore, limits: BodyLimits = DEFAULT_BODY_LIMITS) {
  const raw = memo(limits.rawBytes);
  const encoded = { br: memo(limits.compressedBytes), gzip: memo(limits.compressedBytes) };
  const rawBody = (sha: string) => through(raw, sha, () => store.get(sha));
  return {
    limits,
    raw: rawBody,
    encoded(sha: string, encoding: Encoding): Buffer | Promise<Buffer> {
      return through(encoded[encoding], sha, async () => compress(await rawBody(sha), encoding));
    },
  };
}
