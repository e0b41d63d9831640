// Which source trees are built by the official builders (server output) and which keep the static plan.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing';
import { detectFramework } from './detect';
import { serverOutput } from './server-output';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

async function tree(name: string, files: Record<string, string>) {
  const root = path.join(tmp.dir, name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const pkg = files['package.json'] ? JSON.parse(files['package.json']) : null;
  return serverOutput(root, detectFramework(pkg), pkg);
}

describe('server output', () => {
  it('builds Next.js apps with the builders, unless they are a static export', async () => {
    const pkg = JSON.stringify({ dependencies: { next: '16.0.0' } });
    expect((await tree('next', { 'package.json': pkg }))?.framework).toBe('nextjs');
    expect(
      await tree('next-export', { 'package.json': pkg, 'next.config.js': "module.exports = { output: 'export' };" }),
    ).toBeNull();
  });

  it('takes SvelteKit and Remix by their own package, although they depend on vite', async () => {
    const svelte = JSON.stringify({ devDependencies: { '@sveltejs/kit': '2.0.0', vite: '6.0.0' } });
    expect((await tree('svelte', { 'package.json': svelte }))?.framework).toBe('sveltekit');
    const remix = JSON.stringify({ devDependencies: { '@remix-run/dev': '2.0.0', vite: '6.0.0' } });
    expect((await tree('remix', { 'package.json': remix }))?.framework).toBe('remix');
    expect(await tree('vite', { 'package.json': JSON.stringify({ devDependencies: { vite: '6.0.0' } }) })).toBeNull();
  });

  it('builds Astro with the builders only with its Vercel adapter', async () => {
    const plain = JSON.stringify({ dependencies: { astro: '5.0.0' } });
    expect(await tree('astro', { 'package.json': plain })).toBeNull();
    const adapter = JSON.stringify({ dependencies: { astro: '5.0.0', '@astrojs/vercel': '8.0.0' } });
    expect((await tree('astro-vercel', { 'package.json': adapter }))?.framework).toBe('astro');
  });

  it('counts zero-config functions under api/, leaving out private and type files', async () => {
    const found = await tree('fns', {
      'index.html': '',
      'api/a.js': '',
      'api/v1/b.ts': '',
      'api/_util.js': '',
      'api/t.d.ts': '',
    });
    expect(found?.reason).toBe('2 function file(s) under api/');
    expect(await tree('static', { 'index.html': '', 'api/_only.js': '' })).toBeNull();
  });
});
