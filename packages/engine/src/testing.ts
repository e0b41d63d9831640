// Test helpers of the engine: a throwaway local store, and an S3-compatible server (s3rver) on a
// free loopback port, or the one NIMBUS_S3_* points at when a run sets it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEngine } from './engine';
import type { SizeLimits } from './store/ingest';
import { createLocalStore } from './store/local';
import type { S3Options } from './store/s3';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export async function tempDir(prefix = 'nimbus-engine-'): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** An engine on a local store in a temp dir. */
export async function createTestEngine(overrides: Partial<SizeLimits> = {}) {
  const tmp = await tempDir();
  const engine = createEngine({
    store: createLocalStore(path.join(tmp.dir, 'files')),
    secret: TEST_SECRET,
    maxFileSize: overrides.maxFileSize ?? 100 * 1024 * 1024,
    maxDeploymentSize: overrides.maxDeploymentSize ?? 1024 ** 3,
  });
  return { engine, dir: tmp.dir, close: tmp.remove };
}

/** S3 options from NIMBUS_S3_*, else a fresh s3rver on 127.0.0.1 with a bucket `nimbus-test`. */
export async function startTestS3(): Promise<{ options: S3Options; close(): Promise<void> }> {
  const env = process.env;
  if (env.NIMBUS_S3_BUCKET) {
    const options: S3Options = {
      endpoint: env.NIMBUS_S3_ENDPOINT,
      bucket: env.NIMBUS_S3_BUCKET,
      region: env.NIMBUS_S3_REGION ?? 'us-east-1',
      accessKeyId: env.NIMBUS_S3_ACCESS_KEY_ID,
      secretAccessKey: env.NIMBUS_S3_SECRET_ACCESS_KEY,
    };
    return { options, close: async () => {} };
  }
  const { default: S3rver } = await import('s3rver');
  const tmp = await tempDir('nimbus-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tmp.dir,
    configureBuckets: [{ name: 'nimbus-test' }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'nimbus-test',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    close: async () => {
      await server.close();
      await tmp.remove();
    },
  };
}
