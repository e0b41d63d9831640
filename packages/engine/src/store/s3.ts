// The file store on any S3-compatible object storage (AWS S3, MinIO, R2, s3rver in tests), so
// workers and edges on several machines share one set of blobs. Keys: `blobs/<first two hex>/<sha>`.

import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DomainError } from '@nimbus/core';
import { checkDigest, sha1 } from './local';
import type { BlobInfo, FileStore } from './types';

export interface S3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function createS3Store(options: S3Options): FileStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    // Plain payload checksums only when required: several S3-compatible servers reject the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Bucket = options.bucket;
  const key = (sha: string) => `blobs/${sha.slice(0, 2)}/${sha}`;
  const body = async (sha: string, Range?: string) => {
    const res = await client.send(new GetObjectCommand({ Bucket, Key: key(sha), Range }));
    return res.Body as Readable;
  };
  return {
    kind: 's3',
    async has(sha) {
      return (await this.stat(sha)) !== null;
    },
    async stat(sha): Promise<BlobInfo | null> {
      checkDigest(sha);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key(sha) }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (err as Error).name === 'NotFound') return null;
        throw err;
      }
    },
    async put(sha, data) {
      checkDigest(sha);
      const actual = sha1(data);
      if (actual !== sha)
        throw new DomainError('invalid_digest', `The content's SHA-1 is ${actual}, not ${sha}. Upload the file again.`);
      await client.send(new PutObjectCommand({ Bucket, Key: key(sha), Body: data, ContentLength: data.length }));
    },
    async get(sha) {
      checkDigest(sha);
      const chunks: Buffer[] = [];
      for await (const chunk of await body(sha)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async stream(sha, range) {
      checkDigest(sha);
      return body(sha, range ? `bytes=${range.start}-${range.end}` : undefined);
    },
  };
}
