// What a deployment request may reference and how large it may be: only blobs its own team sent
// (another team's digest is reported missing), at most 15,000 files, NIMBUS_MAX_FILE_SIZE per file
// and NIMBUS_MAX_DEPLOYMENT_SIZE in all, `--archive=tgz` included, unpacked as a stream that a
// gzip bomb cannot stall; tool folders are never part of the source.
import { gzipSync } from 'node:zlib';
import { FILES_MAX } from '@nimbus/core';
import { Header } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi, sha1 } from '../engine-testing';

const MB = 1024 * 1024;
let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await createEngineTestApi({ maxFileSize: 8 * MB, maxDeploymentSize: 64 * MB });
  ({ token: alice } = await t.signup('alice@example.com'));
  ({ token: bob } = await t.signup('bob@example.com'));
});
afterAll(() => t.close());

const create = (token: string, files: unknown[], name = 'site') =>
  t.call('POST', '/v13/deployments', { token, body: { name, files } });
const ref = (file: string, content: string | Buffer) => ({
  file,
  sha: sha1(content),
  size: Buffer.byteLength(content),
});

describe('blobs belong to the team that sent them', () => {
  // How Alice's team came to hold the content, without publishing it to Bob.
  it.each([
    ['uploaded it', (content: string) => t.upload(alice, content)],
    [
      'sent it inline',
      (content: string) =>
        t.call('POST', '/v13/deployments', {
          token: alice,
          body: { name: 'alice-inline', files: [{ file: 'index.html', data: content }] },
        }),
    ],
    ['deployed it', (content: string) => t.deploy(alice, { 'index.html': content }, { name: 'alice-site' })],
  ])('when Alice %s, Bob gets missing_files for its digest until he uploads it himself', async (_, give) => {
    const content = `<h1>Alice's unpublished page ${Math.random()}</h1>`;
    await give(content);
    const bobs = await create(bob, [ref('index.html', content)]);
    expect(bobs.status).toBe(400);
    expect(bobs.json.error).toMatchObject({ code: 'missing_files', missing: [sha1(content)] });

    expect((await t.upload(bob, content)).status).toBe(200);
    expect((await create(bob, [ref('index.html', content)])).status).toBe(200);
    // Alice references it without uploading again.
    expect((await create(alice, [ref('index.html', content)])).status).toBe(200);
  });

  it('counts the archive parts of another team as missing too', async () => {
    const part = gzipSync(Buffer.alloc(1024));
    await t.upload(alice, part);
    const res = await create(bob, [ref('.vercel/source.tgz.part1', part)]);
    expect(res.json.error).toMatchObject({ code: 'missing_files', missing: [sha1(part)] });
  });

  it(`refuses more than ${FILES_MAX} files in one request before looking any up`, async () => {
    const files = Array.from({ length: FILES_MAX + 1 }, (_, i) => ref(`f${i}.txt`, String(i)));
    const res = await create(alice, files);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/at most 15000 files; this one has 15001/);
  });
});

describe('size limits', () => {
  it('refuses an inline file past NIMBUS_MAX_FILE_SIZE', async () => {
    const data = Buffer.alloc(8 * MB + 1, 1).toString('base64');
    const res = await create(alice, [{ file: 'big.bin', data, encoding: 'base64' }]);
    expect(res.status).toBe(413);
    expect(res.json.error.message).toMatch(
      /"big\.bin" has 8388609 bytes; files are at most 8 MB \(NIMBUS_MAX_FILE_SIZE\)/,
    );
  });

  it('refuses uploaded files that add up past NIMBUS_MAX_DEPLOYMENT_SIZE', async () => {
    const files = [];
    for (let i = 0; i < 9; i++) {
      const content = Buffer.alloc(8 * MB, i + 1);
      expect((await t.upload(alice, content)).status).toBe(200);
      files.push(ref(`media/${i}.bin`, content));
    }
    const res = await create(alice, files);
    expect(res.status).toBe(413);
    expect(res.json.error).toMatchObject({
      code: 'payload_too_large',
      message: expect.stringMatching(/more than 64 MB \(NIMBUS_MAX_DEPLOYMENT_SIZE\)/),
    });
    expect((await create(alice, files.slice(0, 7))).status).toBe(200);
  });
});

/** A tar entry header, as `vercel deploy --archive=tgz` writes them. */
function header(path: string, size: number): Buffer {
  const block = Buffer.alloc(512);
  new Header({ path, size, mode: 0o644, type: 'File', mtime: new Date(0) }).encode(block);
  return block;
}
const zeros = gzipSync(Buffer.alloc(64 * MB), { level: 9 });
/** `n` MB of zeros as concatenated gzip members: tiny to send, large to expand. */
const zeroMembers = (mb: number) => Array.from({ length: mb / 64 }, () => zeros);
const END = gzipSync(Buffer.alloc(1024));

/** Uploads the archive as Alice and sends the deployment request, timing `/health` meanwhile. */
async function deployArchive(parts: Buffer[]) {
  const tgz = Buffer.concat(parts);
  expect((await t.upload(alice, tgz)).status).toBe(200);
  let slowest = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      expect((await t.app.request('http://localhost:3000/health')).status).toBe(200);
      slowest = Math.max(slowest, performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const start = performance.now();
  const res = await create(alice, [ref('.vercel/source.tgz.part1', tgz)], 'archive');
  const took = performance.now() - start;
  done = true;
  await probe;
  return { res, took, slowest, archiveBytes: tgz.length };
}

describe('--archive=tgz', () => {
  it('refuses a 1 MB archive holding a 1 GiB file at its header, naming NIMBUS_MAX_FILE_SIZE', async () => {
    const bomb = await deployArchive([gzipSync(header('big.bin', 1024 * MB)), ...zeroMembers(1024), END]);
    expect(bomb.archiveBytes).toBeLessThan(2 * MB);
    expect(bomb.res.status).toBe(413);
    expect(bomb.res.json.error.message).toMatch(/"big\.bin" has 1 GB; files are at most 8 MB \(NIMBUS_MAX_FILE_SIZE\)/);
    expect(bomb.took).toBeLessThan(1000);
  });

  it('stops at NIMBUS_MAX_DEPLOYMENT_SIZE while /health keeps answering', async () => {
    // 24 files of 8 MB (192 MB) from a few hundred KB; the limit is 64 MB.
    const member = gzipSync(Buffer.alloc(8 * MB));
    const parts = Array.from({ length: 24 }, (_, i) => [gzipSync(header(`part-${i}.bin`, 8 * MB)), member]).flat();
    const bomb = await deployArchive([...parts, END]);
    expect(bomb.res.status).toBe(413);
    expect(bomb.res.json.error.message).toMatch(/more than 64 MB \(NIMBUS_MAX_DEPLOYMENT_SIZE\)/);
    expect(bomb.slowest).toBeLessThan(1000);
    console.log(
      `archive of ${bomb.archiveBytes} bytes refused in ${Math.round(bomb.took)} ms; slowest /health ${Math.round(bomb.slowest)} ms`,
    );
  });

  it('stops reading 1 GiB of gzipped zeros at the end-of-archive blocks', async () => {
    const bomb = await deployArchive(zeroMembers(1024));
    expect(bomb.res.status).toBe(400);
    expect(bomb.res.json.error.message).toMatch(/not a valid \.tgz file/);
    expect(bomb.took).toBeLessThan(1000);
  });

  it('unpacks a real archive and leaves tool folders out of the source', async () => {
    const entry = (path: string, content: string) => {
      const data = Buffer.from(content);
      const pad = Buffer.alloc((512 - (data.length % 512)) % 512);
      return gzipSync(Buffer.concat([header(path, data.length), data, pad]));
    };
    const archive = await deployArchive([
      entry('index.html', '<h1>from the archive</h1>'),
      entry('.env', 'API_URL=https://api.example.com'),
      entry('node_modules/lib/index.js', 'module.exports = 1'),
      entry('.next/server/app/page.js', 'server'),
      END,
    ]);
    expect(archive.res.status).toBe(200);
    const tree = await t.call('GET', `/file-tree?deploymentId=${archive.res.json.id}&kind=source`, { token: alice });
    expect(tree.json.map((n: { name: string }) => n.name)).toEqual(['.env', 'index.html']);
  });
});

describe('tool folders', () => {
  it('are dropped from the request: never asked for, never stored as source', async () => {
    const files = {
      'index.html': '<h1>app</h1>',
      'node_modules/react/index.js': 'react',
      'packages/ui/node_modules/x.js': 'x',
      '.next/server/app/dyn/page.js': 'server code',
      '.git/HEAD': 'ref: refs/heads/main',
      '.vercel/project.json': '{}',
    };
    const first = await create(
      alice,
      Object.entries(files).map(([file, content]) => ref(file, content)),
      'tools',
    );
    expect(first.json.error).toMatchObject({ code: 'missing_files', missing: [sha1('<h1>app</h1>')] });
    const res = await t.deploy(alice, files, { name: 'tools' });
    expect(res.status).toBe(200);
    const tree = await t.call('GET', `/file-tree?deploymentId=${res.json.id}&kind=source`, { token: alice });
    expect(tree.json.map((n: { name: string }) => n.name)).toEqual(['index.html']);
  });

  it('leave nothing to deploy when they are all there is', async () => {
    const res = await create(alice, [{ file: 'node_modules/a.js', data: 'a' }]);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/never deployed/);
  });
});
