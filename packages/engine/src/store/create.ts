// Chooses the file store: S3-compatible storage when the server's configuration names a bucket
// (NIMBUS_S3_*, read in apps/web/server/config.ts), else a folder under the data dir.
import { createLocalStore } from './local';
import { createS3Store, type S3Options } from './s3';
import type { FileStore } from './types';

export function createStore(options: { localDir: string; s3?: S3Options | null }): FileStore {
  return options.s3 ? createS3Store(options.s3) : createLocalStore(options.localDir);
}
