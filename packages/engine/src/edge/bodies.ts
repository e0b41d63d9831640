// Blob bytes in memory: each file up to `maxFileBytes` raw, and its brotli and gzip forms, each set
// in an LRU bounded by total bytes (cache.ts). A hot file then costs one map lookup and one socket write, and
// nothing is compressed twice. Concurrent misses share one store read or one compression, which
// runs on libuv's thread pool, so a slow brotli pass never blocks other requests.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FileStore } from '../store/types';
import { singleFlight } from './cache';

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

export type BodyCache = ReturnType<typeof createBodyCache>;

export function createBodyCache(store: FileStore, limits: BodyLimits = DEFAULT_BODY_LIMITS) {
  const bytes = (maxSize: number, load: (sha: string) => Promise<Buffer>) =>
    singleFlight<string, Buffer>({ limit: { maxSize, sizeOf: (body) => body.length || 1 }, load });
  const raw = bytes(limits.rawBytes, (sha) => store.get(sha));
  const encoded = {
    br: bytes(limits.compressedBytes, async (sha) => compress(await raw.get(sha), 'br')),
    gzip: bytes(limits.compressedBytes, async (sha) => compress(await raw.get(sha), 'gzip')),
  };
  return {
    limits,
    raw: raw.get,
    encoded: (sha: string, encoding: Encoding): Buffer | Promise<Buffer> => encoded[encoding].get(sha),
  };
}
