// A function built by `vercel build` from a Next.js app runs unchanged: its ___next_launcher.cjs is a
// (req, res) handler without Vercel's helpers, told which page to render by `x-matched-path`. The
// folder is a prebuilt fixture of the test machine; without it there is nothing to run.
import { existsSync, readFileSync } from 'node:fs';
import type { FunctionConfig } from '@nimbus/core';
import { afterAll, expect, it } from 'vitest';
import { createFunctionPool } from './pool';
import { call } from './testing';

const FIXTURE = '/work/fixtures/next-func';
const pool = createFunctionPool({ network: 'none' });
afterAll(() => pool.close());

it.skipIf(!existsSync(FIXTURE))(
  'renders a dynamic Next.js page through its launcher',
  { timeout: 60_000 },
  async () => {
    const config = JSON.parse(readFileSync(`${FIXTURE}/.vc-config.json`, 'utf8')) as FunctionConfig;
    const fn = { key: 'next-dynamic', dir: FIXTURE, config, env: { FIXTURE_SECRET: 'from the project' } };
    const headers = { 'x-matched-path': '/dynamic', accept: 'text/html', 'user-agent': 'nimbus-test' };
    const r = await call(pool, fn, { url: '/dynamic?from=query', headers });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    // React puts comment markers between text and expressions; the page's words are what a visitor reads.
    const text = r.text.replace(/<!-- -->/g, '');
    expect(text).toContain('<h1>Dynamic page</h1>');
    expect(text).toContain('agent nimbus-test');
    expect(text).toContain('from query');
    expect(text).toContain('secret from the project');
    const again = await call(pool, fn, { url: '/dynamic', headers: { 'x-matched-path': '/dynamic' } });
    expect([again.status, again.cold]).toEqual([200, false]);
  },
);
