// Lighthouse scores (performance, accessibility) and first-load JavaScript of the public site's key
// pages: /, /pricing, /docs and a blog post. The goal is 95 or more on each score (issue #4).
//
// Lighthouse is not a dependency of Nimbus. Install it once OUTSIDE the repository, then run this
// against a running Nimbus (for example one started with `NIMBUS_NEXT_DIST=.next-site PORT=3401 npm start`):
//
//   npm i --prefix /tmp/lh lighthouse@12.8
//   node bench/lighthouse/run.mjs http://localhost:3401 [--desktop] [--runs=3] [--assert] [/path ...]
//
// It runs `npx --prefix $LIGHTHOUSE_PREFIX (default /tmp/lh) --no-install lighthouse` with Debian's
// Chromium (CHROME_PATH=/usr/bin/chromium) and the flags below, once per page. --desktop uses
// Lighthouse's desktop preset instead of its default mobile emulation; --runs=N reports the run with
// the median performance score (Lighthouse's own advice for noisy machines); --assert exits 1 when a
// score is under 95. First-load JS is the gzip size of the page's <script src> files (the noModule
// polyfills, which modern browsers skip, are left out).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const GOAL = 95;
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run';
const DEFAULT_PAGES = ['/', '/pricing', '/docs', '/blog/feature-flags'];

const args = process.argv.slice(2);
const base = (args.find((a) => /^https?:\/\//.test(a)) ?? 'http://localhost:3000').replace(/\/$/, '');
const pages = args.filter((a) => a.startsWith('/'));
const desktop = args.includes('--desktop');
const assert = args.includes('--assert');
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1);
const prefix = process.env.LIGHTHOUSE_PREFIX ?? '/tmp/lh';

/** Fetches a body, retrying once: a keep-alive socket can be closed under us right after a Lighthouse run. */
async function download(url) {
  try {
    return Buffer.from(await (await fetch(url)).arrayBuffer());
  } catch {
    return Buffer.from(await (await fetch(url, { headers: { connection: 'close' } })).arrayBuffer());
  }
}

async function firstLoadJs(url) {
  const html = (await download(url)).toString();
  const srcs = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map(([, attrs]) => attrs)
    .filter((attrs) => !/\bnoModule\b/i.test(attrs))
    .map((attrs) => /\bsrc="([^"]+)"/.exec(attrs)?.[1])
    .filter(Boolean);
  let bytes = 0;
  for (const src of new Set(srcs)) bytes += gzipSync(await download(new URL(src, url))).length;
  return bytes;
}

function lighthouse(url, out) {
  const flags = [
    '--prefix',
    prefix,
    '--no-install',
    'lighthouse',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility',
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  if (desktop) flags.push('--preset=desktop');
  const run = spawnSync('npx', flags, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (run.status !== 0) throw new Error(`lighthouse failed for ${url}: ${run.stderr.toString().slice(-500)}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metric = (id) => report.audits[id]?.displayValue ?? '';
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

const dir = mkdtempSync(path.join(tmpdir(), 'nimbus-lh-'));
const rows = [];
try {
  for (const page of pages.length ? pages : DEFAULT_PAGES) {
    const url = `${base}${page}`;
    const js = await firstLoadJs(url);
    const results = Array.from({ length: runs }, () => lighthouse(url, path.join(dir, 'report.json'))).sort(
      (a, b) => a.performance - b.performance,
    );
    rows.push({ page, ...results[Math.floor(results.length / 2)], 'first-load JS (gzip kB)': (js / 1024).toFixed(1) });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`Lighthouse (${desktop ? 'desktop' : 'mobile'} preset) against ${base}`);
console.table(rows);
const failing = rows.filter((row) => row.performance < GOAL || row.accessibility < GOAL);
if (failing.length) console.log(`Under ${GOAL}: ${failing.map((row) => row.page).join(', ')}`);
if (assert && failing.length) process.exit(1);
