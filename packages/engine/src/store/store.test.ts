import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, tempDir } from '../testing';
import { createLocalStore, sha1 } from './local';
import { createS3Store } from './s3';
import type { FileStore } from './types';

const closers: (() => Promise<void>)[] = [];
const stores: Record<string, FileStore> = {};

beforeAll(async () => {
  const tmp = await tempDir();
  closers.push(tmp.remove);
  stores.local = createLocalStore(path.join(tmp.dir, 'files'));
  const s3 = await startTestS3();
  closers.push(s3.close);
  stores.s3 = createS3Store(s3.options);
});
afterAll(async () => {
  for (const close of closers) await close();
});

describe.each(['local', 's3'])('%s file store', (kind) => {
  const store = () => stores[kind]!;

  it('stores a blob under its SHA-1 and reads it back whole, by range and by stat', async () => {
    const data = Buffer.from(`hello from the ${kind} store`);
    const sha = sha1(data);
    expect(await store().has(sha)).toBe(false);
    await store().put(sha, data);
    expect(await store().has(sha)).toBe(true);
    expect((await store().stat(sha))?.size).toBe(data.length);
    expect((await store().get(sha)).equals(data)).toBe(true);
    expect(await text(await store().stream(sha, { start: 6, end: 9 }))).toBe('from');
  });

  it('refuses content whose digest does not match and leaves nothing behind', async () => {
    const sha = sha1('the real content');
    await expect(store().put(sha, Buffer.from('other content'))).rejects.toMatchObject({ code: 'invalid_digest' });
    expect(await store().has(sha)).toBe(false);
  });

  it('rejects names that are not SHA-1 digests before touching storage', async () => {
    await expect(store().get('../../etc/passwd')).rejects.toMatchObject({ code: 'invalid_digest' });
    await expect(store().stat('ABC')).rejects.toMatchObject({ code: 'invalid_digest' });
  });

  it('stores an empty file and a 3 MB binary file byte for byte', async () => {
    const empty = Buffer.alloc(0);
    await store().put(sha1(empty), empty);
    expect((await store().get(sha1(empty))).length).toBe(0);
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    big.write('binary\u0000tail', big.length - 20);
    await store().put(sha1(big), big);
    expect((await store().get(sha1(big))).equals(big)).toBe(true);
  });
});
