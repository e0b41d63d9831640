// bench/dashboard: how fast a team with 200 projects and 2,000 deployments opens. Seeds one data dir
// through the domain functions, then for each checkout under test starts its real server
// (apps/web/server.ts on a free port, on its own copy of that data, with an existing web build:
// NIMBUS_NEXT_DIST, default .next-dash, and NIMBUS_COUNT_QUERIES=1) and measures
//   - TTFB and full response, N=20 sequential requests (median, p95), of GET /{team} and
//     GET /{team}/{project} with the session cookie, and the database queries one render makes (the
//     `db` entry of Server-Timing; "n/a" when that checkout does not count them),
//   - beside GET /api/health, the static /pricing page and the API call behind the team's list,
//   - in Chromium (unless --no-browser): first contentful paint and the moment the list is in the page.
// Run: npx tsx bench/dashboard/run.ts [--before /tmp/nimbus-before [--before-only]] [--no-browser]
// Build each checkout first, one at a time: NIMBUS_NEXT_DIST=.next-dash npx next build apps/web
// --before names a second checkout (a git worktree of an older commit, its node_modules bind-mounted
// from this one so that @nimbus/* resolve to its own packages), measured first on the same data.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Measured, measureCheckout } from './checkout';
import { seed } from './seed';

const PROJECTS = 200;
const PER_PROJECT = 10;

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    'no-browser': { type: 'boolean', default: false },
    'before-only': { type: 'boolean', default: false },
  },
});
const current = path.join(import.meta.dirname, '..', '..');
const checkouts = [
  ...(values.before ? [['before', path.resolve(values.before)]] : []),
  ...(values['before-only'] ? [] : [['current', current]]),
];

const work = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-dashboard-'));
const results: [string, Measured][] = [];
try {
  const seedStart = performance.now();
  const seeded = await seed(path.join(work, 'seed'), PROJECTS, PER_PROJECT);
  console.log(
    `seeded ${seeded.projects} projects, ${seeded.deployments} deployments in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  for (const [label, dir] of checkouts) {
    const dataDir = path.join(work, label!);
    await cp(path.join(work, 'seed'), dataDir, { recursive: true });
    console.log(`\n${label}: ${dir}`);
    results.push([label!, await measureCheckout(dir!, dataDir, seeded, { browser: !values['no-browser'] })]);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`\nServer: N=20 sequential requests each, TTFB median / p95, full response median, queries per render`);
console.table(
  results.flatMap(([label, m]) =>
    m.server.map((row) => ({
      checkout: label,
      request: row.label,
      'TTFB median': ms(row.firstByte.median),
      'TTFB p95': ms(row.firstByte.p95),
      'full median': ms(row.total.median),
      queries: row.queries ?? 'n/a',
    })),
  ),
);
if (results.some(([, m]) => m.browser)) {
  console.log('Chromium (median of 5 cold contexts): first contentful paint / target visible');
  console.table(
    results.flatMap(([label, m]) =>
      (m.browser ?? []).map((row) => ({
        checkout: label,
        page: row.label,
        FCP: `${row.fcp.toFixed(0)} ms`,
        visible: `${row.visible.toFixed(0)} ms`,
        items: row.items,
      })),
    ),
  );
}
