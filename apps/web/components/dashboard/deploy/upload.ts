// The browser side of a deploy, the same protocol the CLIs speak: hash every file (SHA-1 with
// crypto.subtle), POST /v13/deployments, and when it answers 400 missing_files, upload those blobs to
// POST /v2/files (x-now-digest, x-now-size) a few at a time, then POST the deployment again.
import type { DeploymentJson } from '@nimbus/api';
import { ApiError } from '@nimbus/client';
import type { DeploymentTarget } from '@nimbus/core';
import { api } from '../api';
import type { PickedFile } from './collect-files';

const UPLOAD_CONCURRENCY = 4;

export interface Progress {
  phase: 'hashing' | 'uploading' | 'creating';
  done: number;
  total: number;
}

interface Hashed {
  file: string;
  sha: string;
  size: number;
  data: Blob;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

async function sha1(data: Blob): Promise<string> {
  if (!globalThis.crypto?.subtle)
    throw new Error(
      'Deploying from the browser needs a secure page (HTTPS or localhost) to compute file digests. Use the CLI instead.',
    );
  const digest = await crypto.subtle.digest('SHA-1', await data.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function deployFiles(input: {
  teamId: string;
  name: string;
  target: DeploymentTarget;
  files: PickedFile[];
  onProgress: (p: Progress) => void;
}): Promise<DeploymentJson> {
  const { teamId, files, onProgress } = input;
  const hashed: Hashed[] = [];
  onProgress({ phase: 'hashing', done: 0, total: files.length });
  await pool(files, 8, async (f) => {
    hashed.push({ file: f.path, sha: await sha1(f.data), size: f.data.size, data: f.data });
    onProgress({ phase: 'hashing', done: hashed.length, total: files.length });
  });
  const body = {
    name: input.name,
    target: input.target === 'production' ? 'production' : null,
    files: hashed.map(({ file, sha, size }) => ({ file, sha, size })),
  };
  const create = () => api()<DeploymentJson>('/v13/deployments', { body, query: { teamId } });
  try {
    onProgress({ phase: 'creating', done: 0, total: 1 });
    return await create();
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'missing_files' || !Array.isArray(err.missing)) throw err;
    const missing = new Set(err.missing as string[]);
    const blobs = [...new Map(hashed.filter((h) => missing.has(h.sha)).map((h) => [h.sha, h])).values()];
    const total = blobs.reduce((sum, b) => sum + b.size, 0);
    let done = 0;
    onProgress({ phase: 'uploading', done, total });
    await pool(blobs, UPLOAD_CONCURRENCY, async (b) => {
      await api()('/v2/files', {
        method: 'POST',
        body: b.data,
        query: { teamId },
        headers: { 'content-type': 'application/octet-stream', 'x-now-digest': b.sha, 'x-now-size': String(b.size) },
      });
      done += b.size;
      onProgress({ phase: 'uploading', done, total });
    });
    onProgress({ phase: 'creating', done: 0, total: 1 });
    return create();
  }
}
