// `npx tsx bench/sandbox/run.ts`: what the sandbox adds to each build step. Runs `true` as a plain
// child process, then in the sandbox without network, then with the public network (slirp4netns),
// each with the build limits (cgroups), and prints the median and p90 of each and the added cost.
// The goal (issue #11): under 150 ms added per step. Options: --runs 30.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { type NetworkMode, runSandboxed, SANDBOX_UID_BASE_DEFAULT } from '../../packages/engine/src/sandbox';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const runs = Number(values.runs);

const plain = () =>
  new Promise<void>((resolve, reject) =>
    spawn('true', { stdio: 'ignore' }).once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`exit ${code}`)),
    ),
  );

const sandboxed = (network: NetworkMode) => async () => {
  const result = await runSandboxed({
    argv: ['true'],
    cwd: '/',
    env: { PATH: '/usr/bin:/bin' },
    hostUid: SANDBOX_UID_BASE_DEFAULT + 1,
    writable: [],
    network,
    limits: { memory: 2 * 1024 ** 3, processes: 512, cpuWeight: 50 },
  });
  if (result.exitCode !== 0) throw new Error(`sandboxed true exited with ${result.exitCode}`);
};

async function measure(run: () => Promise<void>): Promise<{ median: number; p90: number }> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p90: times[Math.floor(times.length * 0.9)]! };
}

const base = await measure(plain);
const none = await measure(sandboxed('none'));
const pub = await measure(sandboxed('public'));
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`runs: ${runs} each`);
console.log(`plain child process     median ${ms(base.median)}  p90 ${ms(base.p90)}`);
for (const [name, r] of [
  ['sandbox, network none  ', none],
  ['sandbox, network public', pub],
] as const)
  console.log(`${name} median ${ms(r.median)}  p90 ${ms(r.p90)}  added ${ms(r.median - base.median)}`);
const added = pub.median - base.median;
console.log(added < 150 ? `goal met: ${ms(added)} added (< 150 ms)` : `goal missed: ${ms(added)} added (>= 150 ms)`);
