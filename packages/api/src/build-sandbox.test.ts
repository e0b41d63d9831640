// Builds through the API and the real worker run in the sandbox: unprivileged, without capabilities,
// and stopped with a log line that names the limit they ran into.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from './engine-testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let token: string;
beforeAll(async () => {
  // Limits above what Vercel's builders themselves need (the CLI, npm and node: about 300 MB and 60 threads).
  t = await createEngineTestApi({ worker: { sandbox: { memory: 768 * 1024 ** 2, processes: 200 } } });
  ({ token } = await t.signup('sandboxed@example.com'));
});
afterAll(() => t.close());

const pkg = (build: string) => JSON.stringify({ name: 'app', private: true, scripts: { build } });

async function build(name: string, files: Record<string, string>) {
  const res = await t.deploy(token, files, { name });
  expect(res.status).toBe(200);
  const done = await t.waitFor(token, res.json.id, undefined, 110_000);
  return { done, log: await t.logText(token, res.json.id) };
}

describe('sandboxed builds', () => {
  it('run as an unprivileged user without capabilities', { timeout: 120_000 }, async () => {
    const { done, log } = await build('whoami-app', {
      'package.json': pkg('node build.js'),
      'build.js': `const fs = require('fs');
const cap = fs.readFileSync('/proc/self/status', 'utf8').match(/CapEff:\\s*(\\w+)/)[1];
console.log('uid=' + process.getuid() + ' capeff=' + cap);
fs.mkdirSync('public');
fs.writeFileSync('public/index.html', 'ok');`,
    });
    expect(done.readyState, log).toBe('READY');
    expect(log).toContain('uid=1000 capeff=0000000000000000');
  });

  it('end in ERROR with a log line when they pass the memory limit', { timeout: 120_000 }, async () => {
    const { done, log } = await build('hungry-app', {
      'package.json': pkg('node -e "const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1))"'),
    });
    expect(done).toMatchObject({ readyState: 'ERROR', errorCode: 'MEMORY_LIMIT' });
    expect(log).toContain('The build used more than 768 MB of memory (NIMBUS_BUILD_MEMORY) and was stopped.');
  });

  it('end in ERROR with a log line when they start too many processes', { timeout: 120_000 }, async () => {
    const { done, log } = await build('forky-app', {
      'package.json': pkg(`node -e "for (let i = 0; i < 1000; i++) require('child_process').spawn('sleep', ['30'])"`),
    });
    expect(done).toMatchObject({ readyState: 'ERROR', errorCode: 'PROCESS_LIMIT' });
    expect(log).toContain('The build started more than 200 processes (NIMBUS_BUILD_PROCESSES) and was stopped.');
  });
});
