// The image optimiser on real images: resize to an allowed width, re-encode to the format the browser
// accepts, and refuse what the deployment's `images` settings do not allow.
import type { ImagesConfig } from '@nimbus/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStore, sha1 } from '../../store/local';
import { tempDir } from '../../testing';
import type { OutputEntry } from '../resolve';
import { createImageOptimizer } from './images';

let tmp: Awaited<ReturnType<typeof tempDir>>;
const files = new Map<string, OutputEntry>();
let optimizer: ReturnType<typeof createImageOptimizer>;

const config: ImagesConfig = {
  sizes: [32, 64, 640],
  qualities: [75],
  formats: ['image/webp'],
  minimumCacheTTL: 14400,
  localPatterns: [{ pathname: '^/img/.*$' }],
  contentDispositionType: 'attachment',
};

beforeAll(async () => {
  tmp = await tempDir();
  const store = createLocalStore(tmp.dir);
  const put = async (path: string, data: Buffer) => {
    await store.put(sha1(data), data);
    files.set(path, { sha: sha1(data), size: data.length });
  };
  const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  await put('img/photo.png', png);
  await put('img/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
  await put('img/broken.png', Buffer.from('not a png at all'));
  await put('secret/photo.png', png);
  optimizer = createImageOptimizer(store);
});
afterAll(() => tmp.remove());

const ask = (query: string, accept = 'image/webp,*/*') =>
  optimizer.optimize(new URLSearchParams(query), accept, config, files);

describe('image optimiser', () => {
  it('resizes to the asked width and answers WebP to a browser that accepts it, with the configured caching', async () => {
    const answer = await ask('url=%2Fimg%2Fphoto.png&w=64&q=75');
    expect(answer.status).toBe(200);
    const meta = await sharp(answer.body).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(64);
    expect(meta.height).toBe(32);
    const headers = new Map(answer.headers);
    expect(headers.get('content-type')).toBe('image/webp');
    expect(headers.get('cache-control')).toBe('public, max-age=14400, must-revalidate');
    expect(headers.get('content-disposition')).toBe('attachment; filename="photo.webp"');
  });

  it('marks a new transformation for usage metering, and not the same answer from its cache', async () => {
    const first = await ask('url=%2Fimg%2Fphoto.png&w=32&q=75');
    expect(first.transformed).toBe(true);
    const again = await ask('url=%2Fimg%2Fphoto.png&w=32&q=75');
    expect(again.transformed).toBeUndefined();
    expect(again.body.equals(first.body)).toBe(true);
    expect((await ask('url=%2Fimg%2Fmissing.png&w=32&q=75')).transformed).toBeUndefined();
  });

  it('keeps the source format for a browser that accepts no configured format, and never enlarges', async () => {
    const answer = await ask('url=/img/photo.png&w=640&q=75', 'image/png');
    const meta = await sharp(answer.body).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(200);
  });

  it("reads a path without its leading slash as the deployment's, as Astro asks for its images", async () => {
    const answer = await ask('url=img%2Fphoto.png&w=64&q=75');
    expect(answer.status).toBe(200);
    expect((await sharp(answer.body).metadata()).width).toBe(64);
    for (const remote of [
      '%2F%2Fexample.com%2Fa.png',
      'data%3Aimage%2Fpng%3Bbase64%2CAAAA',
      'HTTP://example.com/a.png',
    ])
      expect((await ask(`url=${remote}&w=64&q=75`)).body.toString(), remote).toContain('this deployment');
  });

  it('refuses widths, qualities, paths and sources the settings do not allow, with a reason', async () => {
    expect((await ask('url=/img/photo.png&w=65&q=75')).status).toBe(400);
    expect((await ask('url=/img/photo.png&w=64&q=90')).body.toString()).toContain('75');
    expect((await ask('url=/secret/photo.png&w=64&q=75')).body.toString()).toContain('localPatterns');
    expect((await ask('url=https://example.com/a.png&w=64&q=75')).body.toString()).toContain('this deployment');
    expect((await ask('url=/img/missing.png&w=64&q=75')).status).toBe(404);
    expect((await ask('url=/img/logo.svg&w=64&q=75')).body.toString()).toContain('dangerouslyAllowSVG');
    expect((await ask('url=/img/broken.png&w=64&q=75')).body.toString()).toContain('could not be decoded');
  });
});
