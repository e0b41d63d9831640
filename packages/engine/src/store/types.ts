// The content-addressed file store: blobs keyed by their SHA-1 hex digest (the digest Vercel clients send).
import type { Readable } from 'node:stream';

export interface BlobInfo {
  size: number;
  /** A local path to the blob when the store is on disk: the edge can then use sendfile-style streaming. */
  path?: string;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  has(sha: string): Promise<boolean>;
  stat(sha: string): Promise<BlobInfo | null>;
  /** Stores `data` under `sha`, verifying the digest first; a mismatch throws DomainError('invalid_digest'). */
  put(sha: string, data: Buffer): Promise<void>;
  get(sha: string): Promise<Buffer>;
  /** A byte range [start, end] inclusive, or the whole blob. */
  stream(sha: string, range?: { start: number; end: number }): Promise<Readable>;
}

export const SHA1_HEX = /^[0-9a-f]{40}$/;
