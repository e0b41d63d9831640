// The default file store: a folder under the data dir, fanned out by the first two hex digits.
// Writes go to a temp file and are renamed into place, so a reader never sees half a blob.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DomainError } from '@nimbus/core';
import { type BlobInfo, type FileStore, SHA1_HEX } from './types';

export function sha1(data: Buffer | string): string {
  return createHash('sha1').update(data).digest('hex');
}

export function checkDigest(sha: string): void {
  if (!SHA1_HEX.test(sha))
    throw new DomainError('invalid_digest', `"${sha}" is not a SHA-1 digest (40 lower-case hex characters).`);
}

export function createLocalStore(root: string): FileStore {
  const file = (sha: string) => path.join(root, sha.slice(0, 2), sha);
  return {
    kind: 'local',
    async has(sha) {
      return (await this.stat(sha)) !== null;
    },
    async stat(sha): Promise<BlobInfo | null> {
      checkDigest(sha);
      try {
        const s = await stat(file(sha));
        return { size: s.size, path: file(sha) };
      } catch {
        return null;
      }
    },
    async put(sha, data) {
      checkDigest(sha);
      const actual = sha1(data);
      if (actual !== sha)
        throw new DomainError('invalid_digest', `The content's SHA-1 is ${actual}, not ${sha}. Upload the file again.`);
      const target = file(sha);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, target);
    },
    async get(sha) {
      checkDigest(sha);
      return readFile(file(sha));
    },
    async stream(sha, range): Promise<Readable> {
      checkDigest(sha);
      return createReadStream(file(sha), range);
    },
  };
}
