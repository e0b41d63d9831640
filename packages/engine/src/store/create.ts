// Chooses the file store from the environment: S3-compatible storage when NIMBUS_S3_BUCKET is set
// (with NIMBUS_S3_ENDPOINT, NIMBUS_S3_REGION and the key pair), else a folder under the data dir.
import { createLocalStore } from './local';
import { createS3Store } from './s3';
import type { FileStore } from './types';

export function s3OptionsFromEnv(env: Record<string, string | undefined>) {
  if (!env.NIMBUS_S3_BUCKET) return null;
  return {
    endpoint: env.NIMBUS_S3_ENDPOINT,
    bucket: env.NIMBUS_S3_BUCKET,
    region: env.NIMBUS_S3_REGION ?? 'us-east-1',
    accessKeyId: env.NIMBUS_S3_ACCESS_KEY_ID,
    secretAccessKey: env.NIMBUS_S3_SECRET_ACCESS_KEY,
  };
}

export function createStore(options: { localDir: string; env?: Record<string, string | undefined> }): FileStore {
  const s3 = s3OptionsFromEnv(options.env ?? {});
  return s3 ? createS3Store(s3) : createLocalStore(options.localDir);
}
