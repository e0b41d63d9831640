// How content enters the store: uploaded blobs (digest and size checked), files sent inline as
// base64 in the deployment body, and the `--archive=tgz` form. Each stored blob gets a `blobs` row
// and a `team_blobs` row for the team that sent it, so `missing_files` is answered per team.
// The archive is streamed: its parts are read from the store one after the other, gunzipped by
// node:zlib (on libuv's thread pool, not the event loop) and untarred entry by entry, one file in
// memory at a time. A file past NIMBUS_MAX_FILE_SIZE, a total past NIMBUS_MAX_DEPLOYMENT_SIZE or more
// than FILES_MAX files stops it at once: a small archive cannot expand into gigabytes.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { DomainError, FILES_MAX, formatBytes } from '@nimbus/core';
import { type Db, type FileEntry, recordBlobs } from '@nimbus/db';
import { Parser, type ReadEntry } from 'tar';
import { sha1 } from './local';
import type { FileStore } from './types';

export interface InlineFile {
  file: string;
  data: string;
  encoding?: string;
  mode?: number;
}

/** NIMBUS_MAX_FILE_SIZE and NIMBUS_MAX_DEPLOYMENT_SIZE, in bytes. */
export interface SizeLimits {
  maxFileSize: number;
  maxDeploymentSize: number;
}

const ARCHIVE_PART = /^\.vercel\/source\.tgz\.part(\d+)$/;

export async function storeBlob(db: Db, store: FileStore, teamId: string, sha: string, data: Buffer): Promise<void> {
  await store.put(sha, data);
  await recordBlobs(db, teamId, [{ sha, size: data.length }]);
}

/** POST /v2/files: the declared size must match, then the digest (checked by the store). */
export async function uploadBlob(
  db: Db,
  store: FileStore,
  teamId: string,
  input: { sha: string; size?: number; data: Buffer },
): Promise<void> {
  if (input.size !== undefined && input.size !== input.data.length) {
    throw new DomainError(
      'bad_request',
      `x-now-size says ${input.size} bytes but the body has ${input.data.length}. Upload the file again.`,
    );
  }
  await storeBlob(db, store, teamId, input.sha, input.data);
}

/** A file past NIMBUS_MAX_FILE_SIZE. */
export function fileTooLarge(file: string, size: number, limits: SizeLimits): DomainError {
  const max = formatBytes(limits.maxFileSize);
  // Just past the limit, a rounded size would read as the limit itself.
  const has = formatBytes(size) === max ? `${size} bytes` : formatBytes(size);
  return new DomainError(
    'payload_too_large',
    `"${file}" has ${has}; files are at most ${max} (NIMBUS_MAX_FILE_SIZE). Make it smaller or leave it out of the deployment.`,
  );
}

/** Files adding up past NIMBUS_MAX_DEPLOYMENT_SIZE. */
export function deploymentTooLarge(limits: SizeLimits): DomainError {
  return new DomainError(
    'payload_too_large',
    `The deployment's files add up to more than ${formatBytes(limits.maxDeploymentSize)} (NIMBUS_MAX_DEPLOYMENT_SIZE). Leave build output, dependencies and large media out of it.`,
  );
}

/** Stores files given inline and returns them as ordinary entries of the file list. */
export async function storeInlineFiles(
  db: Db,
  store: FileStore,
  teamId: string,
  files: InlineFile[],
): Promise<FileEntry[]> {
  const out: FileEntry[] = [];
  for (const f of files) {
    if (f.encoding && f.encoding !== 'base64' && f.encoding !== 'utf-8') {
      throw new DomainError('bad_request', `The encoding of "${f.file}" must be base64 or utf-8.`);
    }
    const data = Buffer.from(f.data, f.encoding === 'base64' ? 'base64' : 'utf8');
    const sha = sha1(data);
    await storeBlob(db, store, teamId, sha, data);
    out.push({ file: f.file, sha, size: data.length, mode: f.mode });
  }
  return out;
}

/** True when the file list is the `.vercel/source.tgz.partN` form of `vercel deploy --archive=tgz`. */
export function isArchive(files: FileEntry[]): boolean {
  return files.length > 0 && files.every((f) => ARCHIVE_PART.test(f.file));
}

const invalidArchive = () =>
  new DomainError('bad_request', 'The source archive is not a valid .tgz file. Deploy again.');

/**
 * Streams the parts in order through gunzip and untar, stores every regular file for `teamId` but
 * those `skip` names, and returns the real file list. Stops at the first limit passed, with a
 * 413 naming it.
 */
export async function expandArchive(
  db: Db,
  store: FileStore,
  teamId: string,
  parts: FileEntry[],
  limits: SizeLimits & { skip?: (file: string) => boolean },
): Promise<FileEntry[]> {
  const ordered = [...parts].sort(
    (a, b) => Number(ARCHIVE_PART.exec(a.file)![1]) - Number(ARCHIVE_PART.exec(b.file)![1]),
  );
  const out: FileEntry[] = [];
  let total = 0;
  let count = 0;
  // The first failure wins; every wait below races it, so a refused entry never leaves us waiting.
  let failure: Error | null = null;
  let reject!: (err: Error) => void;
  const failed = new Promise<never>((_, r) => {
    reject = r;
  });
  failed.catch(() => undefined);
  const fail = (err: Error) => {
    failure ??= err;
    reject(failure);
  };

  // One entry at a time: the next entry is not read until this one is stored, so the parser (and
  // through it gunzip and the store) waits instead of piling files up in memory.
  const take = async (entry: ReadEntry, file: string) => {
    const hash = createHash('sha1');
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      hash.update(chunk);
      chunks.push(chunk);
    }
    const data = Buffer.concat(chunks);
    const sha = hash.digest('hex');
    await storeBlob(db, store, teamId, sha, data);
    out.push({ file, sha, size: data.length, mode: 0o100000 | ((entry.mode ?? 0o644) & 0o777) });
  };
  let queue: Promise<void> = Promise.resolve();
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      const file = entry.path.replace(/^\.\//, '');
      if (failure || entry.type !== 'File' || limits.skip?.(file)) return entry.resume();
      total += entry.size;
      count += 1;
      if (entry.size > limits.maxFileSize) fail(fileTooLarge(file, entry.size, limits));
      else if (total > limits.maxDeploymentSize) fail(deploymentTooLarge(limits));
      else if (count > FILES_MAX)
        fail(new DomainError('bad_request', `The source archive has more than ${FILES_MAX} files.`));
      if (failure) return entry.resume();
      queue = queue.then(() => (failure ? void entry.resume() : take(entry, file))).catch(fail);
    },
  });
  parser.on('error', () => fail(invalidArchive()));
  parser.on('warn', (code: string) => {
    if (code === 'TAR_BAD_ARCHIVE' || code === 'TAR_ABORT') fail(invalidArchive());
  });
  const ended = once(parser, 'end');
  // Whatever follows the end-of-archive blocks is ignored unread (node-tar would buffer all of it).
  let archiveEnded = false;
  parser.on('eof', () => {
    archiveEnded = true;
  });

  // Headers, padding and end blocks add at most this much to the files themselves.
  const maxTarBytes = limits.maxDeploymentSize + (FILES_MAX + 2) * 2048;
  const source = Readable.from(
    (async function* () {
      for (const part of ordered) yield* await store.stream(part.sha);
    })(),
  );
  const tar = pipeline(source, createGunzip(), () => undefined);
  let read = 0;
  try {
    for await (const chunk of tar as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > maxTarBytes) fail(deploymentTooLarge(limits));
      if (failure || archiveEnded) break;
      if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), failed]);
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw failure ?? invalidArchive();
  } finally {
    source.destroy();
  }
  if (failure) throw failure;
  parser.end();
  await Promise.race([ended, failed]);
  await Promise.race([queue, failed]);
  if (failure) throw failure;
  return out;
}
