// bench/dashboard: how fast a team with 200 projects and 2,000 deployments opens. Seeds a fresh data
// dir through the domain functions, starts the real server on it (apps/web/server.ts on a free
// port, with an existing web build: NIMBUS_NEXT_DIST, default .next-dash), then measures
//   - TTFB and full response of GET /{team} with the session cookie, N=20 (median, p95), and of the
//     API call behind its list,
//   - in Chromium: first contentful paint and the moment the projects list is in the page,
// beside the same figures for GET /api/health and the static /pricing page in the same run.
// Run: npx tsx bench/dashboard/run.ts   (build first: NIMBUS_NEXT_DIST=.next-dash npx next build apps/web)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { browserTimings, freePort, stats, type Timing, ttfb, waitForHealth } from './measure';
import { seed } from './seed';

const PROJECTS = 200;
const PER_PROJECT = 10;
const N = 20;
const BROWSER_RUNS = 5;

const root = path.join(import.meta.dirname, '..', '..');
const work = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-dashboard-'));
const seedStart = performance.now();
const seeded = await seed(work, PROJECTS, PER_PROJECT);
console.log(
  `seeded ${seeded.projects} projects, ${seeded.deployments} deployments in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const port = await freePort();
const origin = `http://localhost:${port}`;
const server = spawn(
  process.execPath,
  [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'apps', 'web', 'server.ts')],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      NIMBUS_DATA_DIR: work,
      NIMBUS_PUBLIC_URL: origin,
      NIMBUS_NEXT_DIST: process.env.NIMBUS_NEXT_DIST ?? '.next-dash',
    },
  },
);
try {
  await waitForHealth(`${origin}/api/health`);
  const cookie = `nimbus_session=${seeded.sessionToken}`;
  const rows: [string, Timing[]][] = [];
  for (const [label, url, headers] of [
    ['GET /api/health (baseline)', `${origin}/api/health`, {}],
    ['GET /pricing (static baseline)', `${origin}/pricing`, {}],
    [
      'GET /api/v10/projects (the list call, 24)',
      `${origin}/api/v10/projects?teamId=${seeded.teamId}&limit=24`,
      { cookie },
    ],
    [`GET /${seeded.slug} (${PROJECTS} projects)`, `${origin}/${seeded.slug}`, { cookie }],
  ] as const) {
    for (let i = 0; i < 3; i++) await ttfb(url, headers); // warm-up: first compile of the route, caches
    const runs: Timing[] = [];
    for (let i = 0; i < N; i++) runs.push(await ttfb(url, headers));
    rows.push([label, runs]);
  }
  console.log(`\nServer (N=${N} sequential requests each)        TTFB median / p95     full response median / p95`);
  for (const [label, runs] of rows) {
    const first = stats(runs.map((r) => r.firstByte));
    const full = stats(runs.map((r) => r.total));
    console.log(
      `  ${label.padEnd(44)} ${first.median.toFixed(1).padStart(7)} / ${first.p95.toFixed(1).padStart(6)} ms   ${full.median.toFixed(1).padStart(7)} / ${full.p95.toFixed(1).padStart(6)} ms`,
    );
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const pricing = await browserTimings(browser, `${origin}/pricing`, null, 'main', BROWSER_RUNS);
    const team = await browserTimings(
      browser,
      `${origin}/${seeded.slug}`,
      { name: 'nimbus_session', value: seeded.sessionToken, url: origin },
      'ul[aria-label="Projects"] > li',
      BROWSER_RUNS,
    );
    console.log(`\nChromium (median of ${BROWSER_RUNS} cold contexts)   first contentful paint   target visible`);
    console.log(
      `  /pricing (static baseline, <main>)            ${pricing.fcp.toFixed(0).padStart(6)} ms              ${pricing.visible.toFixed(0).padStart(6)} ms`,
    );
    console.log(
      `  /${seeded.slug} (projects list)                 ${team.fcp.toFixed(0).padStart(6)} ms              ${team.visible.toFixed(0).padStart(6)} ms   (${team.items} cards rendered)`,
    );
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(work, { recursive: true, force: true });
}
