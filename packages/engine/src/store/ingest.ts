// How content enters the store: uploaded blobs (digest and size checked), files sent inline as
// base64 in the deployment body, and the `--archive=tgz` form, whose parts are joined, gunzipped
// and untarred into ordinary files. Each stored blob gets a `blobs` row for `missing_files`.

import { type Db, DomainError, type FileEntry, recordBlob } from '@nimbus/db';
import { Parser, type ReadEntry } from 'tar';
import { sha1 } from './local';
import type { FileStore } from './types';

export interface InlineFile {
  file: string;
  data: string;
  encoding?: string;
  mode?: number;
}

const ARCHIVE_PART = /^\.vercel\/source\.tgz\.part(\d+)$/;

export async function storeBlob(db: Db, store: FileStore, sha: string, data: Buffer): Promise<void> {
  await store.put(sha, data);
  await recordBlob(db, sha, data.length);
}

/** POST /v2/files: the declared size must match, then the digest (checked by the store). */
export async function uploadBlob(
  db: Db,
  store: FileStore,
  input: { sha: string; size?: number; data: Buffer },
): Promise<void> {
  if (input.size !== undefined && input.size !== input.data.length) {
    throw new DomainError(
      'bad_request',
      `x-now-size says ${input.size} bytes but the body has ${input.data.length}. Upload the file again.`,
    );
  }
  await storeBlob(db, store, input.sha, input.data);
}

/** Stores files given inline and returns them as ordinary entries of the file list. */
export async function storeInlineFiles(db: Db, store: FileStore, files: InlineFile[]): Promise<FileEntry[]> {
  const out: FileEntry[] = [];
  for (const f of files) {
    if (f.encoding && f.encoding !== 'base64' && f.encoding !== 'utf-8') {
      throw new DomainError('bad_request', `The encoding of "${f.file}" must be base64 or utf-8.`);
    }
    const data = Buffer.from(f.data, f.encoding === 'base64' ? 'base64' : 'utf8');
    const sha = sha1(data);
    await storeBlob(db, store, sha, data);
    out.push({ file: f.file, sha, size: data.length, mode: f.mode });
  }
  return out;
}

/** True when the file list is the `.vercel/source.tgz.partN` form of `vercel deploy --archive=tgz`. */
export function isArchive(files: FileEntry[]): boolean {
  return files.length > 0 && files.every((f) => ARCHIVE_PART.test(f.file));
}

/** Joins the parts in order, untars them, stores every regular file and returns the real file list. */
export async function expandArchive(db: Db, store: FileStore, parts: FileEntry[]): Promise<FileEntry[]> {
  const ordered = [...parts].sort(
    (a, b) => Number(ARCHIVE_PART.exec(a.file)![1]) - Number(ARCHIVE_PART.exec(b.file)![1]),
  );
  const tgz = Buffer.concat(await Promise.all(ordered.map((p) => store.get(p.sha))));
  const entries: { file: string; data: Buffer; mode: number }[] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      onReadEntry: (entry: ReadEntry) => {
        if (entry.type !== 'File') return entry.resume();
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () =>
          entries.push({
            file: entry.path.replace(/^\.\//, ''),
            data: Buffer.concat(chunks),
            mode: 0o100000 | ((entry.mode ?? 0o644) & 0o777),
          }),
        );
      },
    });
    parser.on('end', () => resolve());
    parser.on('error', () =>
      reject(new DomainError('bad_request', 'The source archive is not a valid .tgz file. Deploy again.')),
    );
    parser.on('warn', (code: string) => {
      if (code === 'TAR_BAD_ARCHIVE' || code === 'TAR_ABORT')
        reject(new DomainError('bad_request', 'The source archive is not a valid .tgz file. Deploy again.'));
    });
    parser.end(tgz);
  });
  const out: FileEntry[] = [];
  for (const e of entries) {
    const sha = sha1(e.data);
    await storeBlob(db, store, sha, e.data);
    out.push({ file: e.file, sha, size: e.data.length, mode: e.mode });
  }
  return out;
}
