// The fair build queue seen through the API and a real worker: one team's slow builds fill that
// team's slot, and another team's static deploy goes through at once; a waiting deployment says why.
// Also what a worker does at start: it clears what a worker killed with SIGKILL left behind.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from './engine-testing';
import { listen } from './testing';

/** `vercel inspect <id>` against this API: what a user of the official CLI reads. */
async function inspect(id: string, token: string) {
  const server = await listen(t.app);
  const home = path.join(tmpdir(), `nimbus-inspect-${process.pid}`);
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(process.cwd(), 'node_modules', '.bin', 'vercel'),
      ['inspect', id, '--api', server.url, '--token', token, '-Q', home],
      { env: { ...process.env, VERCEL_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0', HOME: home }, timeout: 60_000 },
    );
    return `${stdout}\n${stderr}`;
  } finally {
    await server.close();
  }
}

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
/** The sandbox /etc folder of a worker that was killed: its process no longer exists. */
const leftover = path.join(tmpdir(), `nimbus-sandbox-etc-${spawnSync('true').pid}-KiLLed`);
beforeAll(async () => {
  mkdirSync(leftover, { recursive: true });
  t = await createEngineTestApi({ worker: { concurrency: 3 } });
});
afterAll(() => t.close());

/** A build that takes `ms` before it writes its page. */
const slow = (ms: number) => ({
  'package.json': JSON.stringify({ name: 'slow', private: true, scripts: { build: 'node build.js' } }),
  'build.js': `setTimeout(() => { require('fs').mkdirSync('public'); require('fs').writeFileSync('public/index.html', 'slow'); }, ${ms});`,
});

describe('fair build queue', () => {
  it("starts another team's static deploy while one hobby team's slow builds wait for its one slot", {
    timeout: 120_000,
  }, async () => {
    const a = await t.signup('busy-team@example.com');
    const b = await t.signup('quiet-team@example.com');
    const slowIds: string[] = [];
    for (const name of ['slow-1', 'slow-2', 'slow-3']) {
      const res = await t.deploy(a.token, slow(8_000), { name });
      expect(res.status).toBe(200);
      slowIds.push(res.json.id);
    }
    await t.waitFor(a.token, slowIds[0]!, ['BUILDING']);

    const quick = await t.deploy(b.token, { 'index.html': '<h1>static</h1>' }, { name: 'static-site' });
    const ready = await t.waitFor(b.token, quick.json.id, ['READY', 'ERROR'], 30_000);
    expect(ready.readyState).toBe('READY');

    // The static deploy finished while team A still builds its first and its others wait in line.
    const states = await Promise.all(
      slowIds.map(async (id) => (await t.call('GET', `/v13/deployments/${id}`, { token: a.token })).json),
    );
    expect(states.map((d) => d.readyState)).toEqual(['BUILDING', 'QUEUED', 'QUEUED']);
    expect(states[1]).toMatchObject({
      isInConcurrentBuildsQueue: true,
      isInSystemBuildsQueue: false,
      queue: { ahead: 0, reason: 'team_limit', teamRunning: 1, teamLimit: 1 },
      readyStateReason: "Next to build; waiting for the team's running build (its plan runs 1 at a time).",
    });
    expect(states[2].queue).toMatchObject({ ahead: 1, reason: 'team_limit' });
    const printed = await inspect(slowIds[2]!, a.token);
    expect(printed).toMatch(/status\s+● Queued/);
    // The first slow build may have ended meanwhile: then this one is next.
    expect(printed).toMatch(/reason\s+(1 build ahead of this one|Next to build); waiting for the team's running build/);
    expect(states[0].queue).toBeUndefined();
    expect(states[0].isInConcurrentBuildsQueue).toBe(false);

    await t.call('PATCH', `/v12/deployments/${slowIds[2]}/cancel`, { token: a.token });
    const second = await t.waitFor(a.token, slowIds[1]!, ['READY', 'ERROR'], 60_000);
    expect(second.readyState).toBe('READY');
    expect(second.ready - second.buildingAt).toBeGreaterThan(7_000);
  });

  it('removes the sandbox folder a killed worker left behind when a worker starts', () => {
    expect(existsSync(leftover)).toBe(false);
  });
});
