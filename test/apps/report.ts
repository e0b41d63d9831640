// The real-apps matrix as a table: one row per app with the tools Vercel's rules picked for it, how
// each way of deploying it ended, and why, printed at the end of the run and kept in $TMPDIR. A run
// of some apps (NIMBUS_APPS=a,b or CI's subset) updates their rows and keeps the others', so the
// table shows the latest result of every app deployed on this machine.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** How one way of deploying an app ended: passed, failed (with a short reason), blocked, or not run. */
export type Outcome = { kind: 'pass' } | { kind: 'fail'; reason: string } | { kind: 'blocked' } | { kind: 'not run' };

export interface Row {
  app: string;
  packageManager: string;
  node: string;
  source: Outcome;
  prebuilt: Outcome;
  /** Seconds from `vercel deploy` to READY or ERROR. */
  sourceSeconds?: number;
  /** Seconds `vercel build` took on this machine. */
  prebuiltSeconds?: number;
  /** The blocking request of a blocked app. */
  blocked?: string;
}

export const REPORT_FILE = path.join(tmpdir(), 'nimbus-apps-matrix.txt');
/** The whole log of each failed build, `<app>-<source|prebuilt>.log`. */
export const LOGS_DIR = path.join(tmpdir(), 'nimbus-apps-logs');
/** The rows behind the table, which later runs update. */
const ROWS_FILE = path.join(tmpdir(), 'nimbus-apps-matrix.json');

const shown = (o: Outcome) => (o.kind === 'fail' ? 'FAIL' : o.kind);
const seconds = (s?: number) => (s === undefined ? '' : String(s));

/** The rows as a fixed-width table, then each failure's and each blocker's reason under it. */
export function formatTable(rows: Row[]): string {
  const header = ['app', 'package manager', 'Node.js', 'source', 'prebuilt', 'source s', 'build s'];
  const cells = rows.map((r) => [
    r.app,
    r.packageManager,
    r.node,
    shown(r.source),
    shown(r.prebuilt),
    seconds(r.sourceSeconds),
    seconds(r.prebuiltSeconds),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)];
  const count = (kind: Outcome['kind']) =>
    rows.reduce((n, r) => n + (r.source.kind === kind ? 1 : 0) + (r.prebuilt.kind === kind ? 1 : 0), 0);
  out.push(
    '',
    `deployments that passed: ${count('pass')}, that failed: ${count('fail')}; blocked apps: ${rows.filter((r) => r.blocked).length}`,
  );
  const notes = rows.flatMap((r) => [
    ...(r.blocked ? [`${r.app}: blocked: ${r.blocked}`] : []),
    ...(r.source.kind === 'fail' ? [`${r.app} (source): ${r.source.reason}`] : []),
    ...(r.prebuilt.kind === 'fail' ? [`${r.app} (prebuilt): ${r.prebuilt.reason}`] : []),
  ]);
  if (notes.length) out.push('', ...notes, '', `The whole log of each failed build is in ${LOGS_DIR}.`);
  return out.join('\n');
}

/** Keeps the whole log of a failed build in LOGS_DIR. */
export async function keepLog(name: string, log: string): Promise<void> {
  await mkdir(LOGS_DIR, { recursive: true });
  await writeFile(path.join(LOGS_DIR, `${name}.log`), log);
}

/** An earlier row with what this run found: each way of deploying it that ran, and the app's tools. */
function updated(earlier: Row | undefined, now: Row): Row {
  if (!earlier) return now;
  const source = now.source.kind === 'not run' ? earlier : now;
  const prebuilt = now.prebuilt.kind === 'not run' ? earlier : now;
  return {
    ...now,
    source: source.source,
    sourceSeconds: source.sourceSeconds,
    prebuilt: prebuilt.prebuilt,
    prebuiltSeconds: prebuilt.prebuiltSeconds,
  };
}

/**
 * Writes the table to REPORT_FILE and returns it: the rows of this run over those of earlier runs,
 * in the order of `order` (the catalog's).
 */
export async function writeReport(rows: Row[], order: string[]): Promise<string> {
  const earlier = JSON.parse(await readFile(ROWS_FILE, 'utf8').catch(() => '[]')) as Row[];
  const byApp = new Map(earlier.map((r) => [r.app, r] as const));
  for (const row of rows) byApp.set(row.app, updated(byApp.get(row.app), row));
  const merged = order.flatMap((app) => byApp.get(app) ?? []);
  await writeFile(ROWS_FILE, JSON.stringify(merged));
  const table = formatTable(merged);
  await writeFile(REPORT_FILE, `${table}\n`);
  return table;
}
