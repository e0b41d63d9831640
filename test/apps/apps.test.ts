// The real-apps matrix: Vercel's framework starters and Python examples (framework-boilerplates/ and python/ of vercel/examples, read
// from NIMBUS_EXAMPLES) deployed to one Nimbus with the official CLI, both ways a Vercel user does:
// `vercel deploy` of the source, which Nimbus builds in its sandbox, and `vercel build` on this
// machine followed by `vercel deploy --prebuilt`. Each READY deployment must answer the app's own
// checks (catalog.ts). NIMBUS_APPS picks the apps: unset, the CI subset; `all`, every app; or a
// comma-separated list of names (blocked ones included). The table of the run is printed at the end
// and kept in $TMPDIR (report.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsTestServer } from '../../packages/api/src/functions-testing';
import { keepPipLocal } from '../../packages/engine/src/build/pip-testing';
import { VERCEL_BIN } from '../framework-builds';
import { APPS, type App, type Check, type Mode, selectApps } from './catalog';
import { EXAMPLES_HELP, examplesRepo, extractApp, listApps } from './examples';
import { type HostBuild, hostBuild, runCommand, toolsOf } from './host-build';
import { keepLog, REPORT_FILE, type Row, writeReport } from './report';

const repo = examplesRepo();
if (!repo) console.warn(`Skipping the real-apps matrix. ${EXAMPLES_HELP}`);
const selection = selectApps(process.env.NIMBUS_APPS);

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let token: string;
let teamId: string;
let home: string;
const rows = new Map<string, Row>();
const hostBuilds = new Map<string, Promise<HostBuild>>();

const sourceOf = (name: string) => path.join(home, 'src', name);
const tail = (log: string, lines = 60) => log.trim().split('\n').slice(-lines).join('\n');

/** The official CLI against this Nimbus, linked to `projectId` through the variables CI systems use. */
async function vercel(cwd: string, args: string[], projectId: string): Promise<string> {
  const env = {
    ...process.env,
    HOME: home,
    VERCEL_ORG_ID: teamId,
    VERCEL_PROJECT_ID: projectId,
    VERCEL_TELEMETRY_DISABLED: '1',
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: '0',
  };
  const result = await runCommand(
    process.execPath,
    [VERCEL_BIN, ...args, '--api', t.url, '--token', token, '-Q', home],
    { cwd, env, timeout: 10 * 60_000 },
  );
  return result.output;
}

/** What a check found wrong, or null when the deployment answered as the app should. */
async function verify(label: string, check: Check): Promise<string | null> {
  const r = await t.fetchHost(label, check.path, {
    method: check.method,
    headers: check.headers,
    body: check.body,
  });
  const want = check.status ?? 200;
  const what = `${check.method ?? 'GET'} ${check.path}`;
  const body = r.text.replace(/\s+/g, ' ').slice(0, 400);
  if (r.status !== want) return `${what} answered ${r.status}, not ${want}: ${body}`;
  if (check.contains && !r.text.includes(check.contains))
    return `${what} answered without "${check.contains}": ${body}`;
  const location = String(r.headers.location ?? '');
  if (check.location && !location.includes(check.location))
    return `${what} redirected to "${location}", not to "${check.location}"`;
  return null;
}

/** A deployment through the CLI, waited for, then checked: its outcome, problems and build log. */
async function deployAndCheck(app: App, cwd: string, args: string[], project: string) {
  const created = await t.call('POST', '/v11/projects', {
    token,
    body: { name: project, ...(app.nodeVersion ? { nodeVersion: app.nodeVersion } : {}) },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const out = await vercel(cwd, ['deploy', '--yes', ...args], created.json.id);
  const url = out.match(/https?:\/\/([a-z0-9-]+\.localhost)/)?.[1];
  if (!url) return { problems: [`vercel deploy printed no deployment URL: ${tail(out, 20)}`], log: out, built: false };
  const deployment = await t.waitFor(token, url, ['READY', 'ERROR', 'CANCELED'], 20 * 60_000);
  const log = await t.logText(token, deployment.id);
  if (deployment.readyState !== 'READY')
    return {
      problems: [`the deployment ended ${deployment.readyState}: ${deployment.errorCode} ${deployment.errorMessage}`],
      log,
      built: false,
    };
  const label = url.replace(/\.localhost$/, '');
  const problems: string[] = [];
  for (const check of app.checks) {
    const problem = await verify(label, check);
    if (problem) problems.push(problem);
  }
  // A function that failed says why in the deployment's runtime log.
  if (problems.some((p) => / answered 5\d\d,/.test(p))) {
    const printed = await runtimeLog(created.json.id, deployment.id);
    if (printed) problems.push(`runtime log: ${printed}`);
  }
  return { problems, log, built: true };
}

/** The last lines the deployment's functions printed, on one line. */
async function runtimeLog(projectId: string, deploymentId: string): Promise<string> {
  await new Promise((r) => setTimeout(r, 1_000));
  const res = await t.app.request(
    `http://localhost:3000/v1/projects/${projectId}/deployments/${deploymentId}/runtime-logs`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (!res.ok) return `(runtime log unavailable: ${res.status})`;
  const rows = (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { message?: string }).message ?? '');
  return rows.slice(-15).join(' | ').replace(/\s+/g, ' ').slice(0, 1500);
}

/** Lines of a failed build that name no cause: the builders' summary and npm's pointer to its own log. */
const NO_CAUSE = /exited with \d+|A complete log of this run|^Command failed|BUILD_UTILS_SPAWN|^npm error\s*$/;
/** What a request that cannot get through, a missing command or module looks like in a log. */
const CAUSE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ERR_PNPM|Cannot find|not found|command not found/i;

/** The line of a failed build's log that says why: a blocked request or missing command first, else the last error. */
function errorLine(log: string): string | null {
  const lines = log
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /\berr(or)?\b|ERR_|✖|×|not found/i.test(l) && !NO_CAUSE.test(l));
  return (lines.find((l) => CAUSE.test(l)) ?? lines.at(-1))?.slice(0, 300) ?? null;
}

/**
 * Sets how one deployment ended in its row, with the error line of the log of a build that failed,
 * prints it, and rewrites the report (a whole matrix takes hours).
 */
async function record(app: App, mode: Mode, problems: string[], failedLog: string | null): Promise<void> {
  const cause = failedLog === null ? null : errorLine(failedLog);
  if (failedLog !== null) await keepLog(`${app.name.replace('/', '-')}-${mode}`, failedLog);
  const reason = [...problems, ...(cause ? [`log: ${cause}`] : [])].join('; ');
  rows.get(app.name)![mode] = problems.length ? { kind: 'fail', reason } : { kind: 'pass' };
  console.log(`${app.name} (${mode}): ${problems.length ? `FAIL: ${reason}` : 'pass'}`);
  await writeReport(
    [...rows.values()],
    APPS.map((a) => a.name),
  );
}

describe.skipIf(!repo)('real apps from framework-boilerplates and python', () => {
  beforeAll(async () => {
    // Python apps install from the machine's local package index, never from PyPI.
    await keepPipLocal();
    t = await createFunctionsTestServer();
    ({ token } = await t.signup('apps@example.com', 'Apps Matrix'));
    teamId = (await t.call('GET', '/v2/user', { token })).json.user.defaultTeamId;
    home = await mkdtemp(path.join(tmpdir(), 'nimbus-apps-'));
    let previous: Promise<unknown> = Promise.resolve();
    for (const { app, modes } of selection) {
      await extractApp(repo!, app.name, sourceOf(app.name));
      const needs = await toolsOf(sourceOf(app.name), app.nodeVersion ?? null);
      const python = app.name.startsWith('python/');
      const manager = python ? 'pip' : needs.summary.split(', ').slice(1).join(', ');
      const blocked = modes.length === 0 ? app.blocked : undefined;
      rows.set(app.name, {
        app: app.name,
        packageManager: manager,
        node: python ? '-' : `${needs.node}.x`,
        source: blocked ? { kind: 'blocked' } : { kind: 'not run' },
        prebuilt: blocked || app.prebuiltBlocked ? { kind: 'blocked' } : { kind: 'not run' },
        blocked: blocked ?? app.prebuiltBlocked,
      });
      // One `vercel build` on this machine at a time, beside the build Nimbus runs.
      if (modes.includes('prebuilt')) {
        const build = previous.then(() => hostBuild(app.name, sourceOf(app.name), app.nodeVersion ?? null));
        hostBuilds.set(app.name, build);
        previous = build.catch(() => undefined);
      }
    }
  }, 10 * 60_000);

  afterAll(async () => {
    if (rows.size) {
      console.log(
        `${await writeReport(
          [...rows.values()],
          APPS.map((a) => a.name),
        )}\n\n(kept in ${REPORT_FILE})`,
      );
    }
    await Promise.allSettled(hostBuilds.values());
    await t?.close();
    if (home) await rm(home, { recursive: true, force: true });
  }, 20 * 60_000);

  it('the catalog has every app of framework-boilerplates and python, and no other', async () => {
    expect(APPS.map((a) => a.name).sort()).toEqual((await listApps(repo!)).sort());
  });

  for (const { app, modes } of selection) {
    describe(app.name, () => {
      (modes.includes('source') ? it : it.skip)(
        '`vercel deploy` of the source: Nimbus builds it',
        {
          timeout: 25 * 60_000,
        },
        async () => {
          const started = Date.now();
          const { problems, log, built } = await deployAndCheck(
            app,
            sourceOf(app.name),
            ['--no-wait'],
            app.name.replace('/', '-'),
          );
          const row = rows.get(app.name)!;
          row.sourceSeconds = Math.round((Date.now() - started) / 1000);
          await record(app, 'source', problems, built ? null : log);
          expect(problems, `${problems.join('\n')}\n--- end of the build log ---\n${tail(log)}`).toEqual([]);
        },
      );

      (modes.includes('prebuilt') ? it : it.skip)(
        '`vercel build` here, then `vercel deploy --prebuilt`',
        {
          timeout: 40 * 60_000,
        },
        async () => {
          const build = await hostBuilds.get(app.name)!;
          const row = rows.get(app.name)!;
          row.prebuiltSeconds = build.seconds;
          if (!build.ok) {
            await record(app, 'prebuilt', ['vercel build failed on this machine'], build.log);
            expect.fail(`vercel build failed on this machine\n--- end of its output ---\n${tail(build.log)}`);
          }
          const { problems, log, built } = await deployAndCheck(
            app,
            build.dir,
            ['--prebuilt', '--no-wait'],
            `${app.name.replace('/', '-')}-prebuilt`,
          );
          await record(app, 'prebuilt', problems, built ? null : log);
          expect(problems, `${problems.join('\n')}\n--- end of the deployment log ---\n${tail(log)}`).toEqual([]);
        },
      );
    });
  }
});
