// One checkout under test in the dashboard bench: its own server (`apps/web/server.ts` of that
// checkout, run with this repository's tsx) on a copy of the seeded data, the server-side figures
// of each request, then, if asked, the Chromium figures of the team page and the project page.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '../lib/net';
import { browserTimings, stats, type Timing, ttfb, waitForHealth } from './measure';
import type { Seeded } from './seed';

const N = 20;
const BROWSER_RUNS = 5;
const tsx = path.join(import.meta.dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface Measured {
  server: { label: string; firstByte: Stats; total: Stats; queries: number | null }[];
  browser: { label: string; fcp: number; visible: number; items: number }[] | null;
}
type Stats = ReturnType<typeof stats>;

export async function measureCheckout(
  dir: string,
  dataDir: string,
  seeded: Seeded,
  options: { browser: boolean },
): Promise<Measured> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, [tsx, path.join(dir, 'apps', 'web', 'server.ts')], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      NIMBUS_DATA_DIR: dataDir,
      NIMBUS_PUBLIC_URL: origin,
      NIMBUS_NEXT_DIST: process.env.NIMBUS_NEXT_DIST ?? '.next-dash',
      NIMBUS_COUNT_QUERIES: '1',
    },
  });
  try {
    await waitForHealth(`${origin}/api/health`);
    const cookie = `nimbus_session=${seeded.sessionToken}`;
    const team = `/${seeded.slug}`;
    const project = `${team}/${seeded.project}`;
    const rows: Measured['server'] = [];
    for (const [label, url, headers] of [
      ['GET /api/health (baseline)', '/api/health', {}],
      ['GET /pricing (static baseline)', '/pricing', {}],
      ['GET /api/v10/projects (list call, 24)', `/api/v10/projects?teamId=${seeded.teamId}&limit=24`, { cookie }],
      [`GET /{team} (${seeded.projects} projects)`, team, { cookie }],
      [`GET /{team}/{project} (${seeded.deployments} deployments in the team)`, project, { cookie }],
    ] as const) {
      for (let i = 0; i < 3; i++) await ttfb(`${origin}${url}`, headers); // warm-up: first compile of the route, caches
      const runs: Timing[] = [];
      for (let i = 0; i < N; i++) runs.push(await ttfb(`${origin}${url}`, headers));
      const counted = runs.map((r) => r.queries).filter((q): q is number => q !== null);
      rows.push({
        label,
        firstByte: stats(runs.map((r) => r.firstByte)),
        total: stats(runs.map((r) => r.total)),
        queries: counted.length ? stats(counted).median : null,
      });
    }
    return { server: rows, browser: options.browser ? await inChromium(origin, seeded, project) : null };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function inChromium(origin: string, seeded: Seeded, project: string): Promise<Measured['browser']> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const cookie = { name: 'nimbus_session', value: seeded.sessionToken, url: origin };
  try {
    const pricing = await browserTimings(browser, `${origin}/pricing`, null, 'main', BROWSER_RUNS);
    const list = 'ul[aria-label="Projects"] > li';
    const team = await browserTimings(browser, `${origin}/${seeded.slug}`, cookie, list, BROWSER_RUNS);
    const page = await browserTimings(browser, `${origin}${project}`, cookie, '#recent-title', BROWSER_RUNS);
    return [
      { label: '/pricing (static baseline, <main>)', ...pricing },
      { label: '/{team} (projects list)', ...team },
      { label: '/{team}/{project} (recent deployments)', ...page },
    ];
  } finally {
    await browser.close();
  }
}
