// Build Output deployments end to end, with the real worker: trees built by `vercel build` on this
// machine and sent by the official CLI's `vercel deploy --prebuilt`, the same through the plain API,
// and a source deployment with functions that the worker builds with `vercel build` in the sandbox.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getDeploymentById, listOutputs, listSourceFiles, servedBuildOutput } from '@nimbus/db';
import { functionDir } from '@nimbus/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi, writeSite } from './engine-testing';
import { listen } from './testing';

const run = promisify(execFile);
const VERCEL = path.join(process.cwd(), 'node_modules', '.bin', 'vercel');

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let server: Awaited<ReturnType<typeof listen>>;
let home: string;
let token: string;

beforeAll(async () => {
  t = await createEngineTestApi({ worker: {} });
  server = await listen(t.app);
  home = await mkdtemp(path.join(tmpdir(), 'nimbus-build-output-'));
  ({ token } = await t.signup('prebuilt@example.com'));
});
afterAll(async () => {
  await server.close();
  await t.close();
  await rm(home, { recursive: true, force: true });
});

const cliEnv = () => ({ ...process.env, VERCEL_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0' });

/** A project folder linked to a new Nimbus project, built with `vercel build` on this machine. */
async function built(name: string, files: Record<string, string>): Promise<string> {
  const dir = await writeSite(path.join(home, name), files);
  const project = (await t.call('POST', '/v1/projects', { token, body: { name } })).json;
  await mkdir(path.join(dir, '.vercel'), { recursive: true });
  const settings = { framework: null, nodeVersion: '22.x', rootDirectory: null };
  await writeFile(
    path.join(dir, '.vercel/project.json'),
    JSON.stringify({ projectId: project.id, orgId: project.accountId, settings }),
  );
  await run(VERCEL, ['build', '--yes'], { cwd: dir, env: { ...cliEnv(), HOME: home }, timeout: 90_000 });
  return dir;
}

/** `vercel deploy --prebuilt` against Nimbus: the deployment once its build ended. */
async function deployPrebuilt(dir: string) {
  const { stdout, stderr } = await run(
    VERCEL,
    ['deploy', '--prebuilt', '--yes', '--api', server.url, '--token', token, '-Q', home],
    { cwd: dir, env: { ...cliEnv(), HOME: home }, timeout: 90_000 },
  );
  const url = `${stdout}\n${stderr}`.match(/https?:\/\/([^\s]+\.localhost:\d+)/)?.[1];
  if (!url) throw new Error(`no deployment URL in:\n${stdout}\n${stderr}`);
  const found = (await t.call('GET', `/v13/deployments/${url}`, { token })).json;
  return t.waitFor(token, found.id, undefined, 60_000);
}

const paths = (rows: { path: string }[]) => rows.map((r) => r.path).sort();

describe('vercel deploy --prebuilt', () => {
  it('stores a static tree: its static files served, nothing of .vercel/', { timeout: 180_000 }, async () => {
    const dir = await built('prebuilt-static', { 'index.html': '<h1>static</h1>', 'css/site.css': 'body{}' });
    const done = await deployPrebuilt(dir);
    expect(done.readyState, await t.logText(token, done.id)).toBe('READY');
    const sources = paths(await listSourceFiles(t.db, done.id));
    expect(sources).toContain('.vercel/output/config.json');
    expect(sources).toContain('.vercel/output/static/index.html');
    expect(paths(await listOutputs(t.db, done.id))).toEqual(['css/site.css', 'index.html']);
    expect((await getDeploymentById(t.db, done.id))!.buildOutput).toMatchObject({ version: 3 });
    expect((await servedBuildOutput(t.db, done.id)).functions).toEqual([]);
    expect(await t.logText(token, done.id)).toContain(
      'Prebuilt Build Output (.vercel/output): no install and no build',
    );
  });

  it('stores the functions of a JavaScript and a TypeScript file under api/', { timeout: 180_000 }, async () => {
    const dir = await built('prebuilt-api', {
      'index.html': '<h1>api</h1>',
      'api/hello.js': 'module.exports = (req, res) => res.end("hello from js");',
      'api/greet.ts': 'export default function handler(req: any, res: any) { res.end("hello from ts"); }',
    });
    // As Next.js does: another name for the same function is a link to its folder.
    await symlink('hello.func', path.join(dir, '.vercel/output/functions/api/hi.func'));
    // An empty folder (as Nitro leaves static/): the CLI lists it with a directory mode and no sha.
    await mkdir(path.join(dir, '.vercel/output/static/fonts'));
    const done = await deployPrebuilt(dir);
    expect(done.readyState, await t.logText(token, done.id)).toBe('READY');
    expect(paths(await listOutputs(t.db, done.id))).toEqual(['index.html']);
    const { functions } = await servedBuildOutput(t.db, done.id);
    expect(paths(functions)).toEqual(['api/greet', 'api/hello', 'api/hi']);
    const hello = functions.find((f) => f.path === 'api/hello')!;
    expect(functions.find((f) => f.path === 'api/hi')!.bundle).toBe(hello.bundle);
    expect(hello.config).toMatchObject({ runtime: expect.stringMatching(/^nodejs/), handler: 'api/hello.js' });
    expect(hello.files.map((f) => f.path)).toContain('api/hello.js');
    const deployment = (await getDeploymentById(t.db, done.id))!;
    expect(deployment.buildOutput?.routes?.length).toBeGreaterThan(0);

    // Written back out, the handler runs and answers.
    const folder = await functionDir(t.engine.store, path.join(t.engineDir, 'functions'), hello);
    const source = await readFile(path.join(folder, 'api/hello.js'), 'utf8');
    let body = '';
    new Function('module', source)({
      set exports(handler: (req: unknown, res: { end(s: string): void }) => void) {
        handler({}, { end: (s) => (body = s) });
      },
    });
    expect(body).toBe('hello from js');
  });
});

describe('Build Output through the API', () => {
  const tree = (vcConfig: Record<string, unknown>) => ({
    '.vercel/output/config.json': JSON.stringify({ version: 3 }),
    '.vercel/output/functions/api/x.func/.vc-config.json': JSON.stringify({
      runtime: 'nodejs22.x',
      handler: 'index.js',
      ...vcConfig,
    }),
    '.vercel/output/functions/api/x.func/index.js': 'module.exports = () => {};',
  });

  it('takes a tree without the CLI flag, with the files its functions map in from node_modules/', async () => {
    const res = await t.deploy(token, {
      ...tree({ filePathMap: { 'node_modules/dep/index.js': 'node_modules/dep/index.js' } }),
      'node_modules/dep/index.js': 'module.exports = 42;',
    });
    expect(res.status).toBe(200);
    const done = await t.waitFor(token, res.json.id);
    expect(done.readyState, await t.logText(token, done.id)).toBe('READY');
    const [fn] = (await servedBuildOutput(t.db, done.id)).functions;
    expect(fn!.files.map((f) => f.path)).toEqual(['index.js', 'node_modules/dep/index.js']);
    expect(await listOutputs(t.db, done.id)).toEqual([]);
  });

  it('fails a deployment whose filePathMap reaches out of the tree', async () => {
    const res = await t.deploy(token, tree({ filePathMap: { passwd: '../../etc/passwd' } }));
    const done = await t.waitFor(token, res.json.id);
    expect(done).toMatchObject({ readyState: 'ERROR', errorCode: 'PATH_ESCAPE' });
    expect(done.errorMessage).toContain('maps "passwd" to "../../etc/passwd", outside the deployment');
  });

  it('answers 400 to ?prebuilt=1 without .vercel/output/config.json', async () => {
    const res = await t.deploy(token, { 'index.html': 'x' }, {}, '?prebuilt=1');
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain('A prebuilt deployment needs .vercel/output/config.json');
  });
});

describe('builds with functions', () => {
  it('builds api/hello.js with vercel build in the sandbox and stores its function', { timeout: 240_000 }, async () => {
    const res = await t.deploy(token, {
      'index.html': '<h1>from source</h1>',
      'api/hello.js': 'module.exports = (req, res) => res.end("hello");',
    });
    expect(res.status).toBe(200);
    const done = await t.waitFor(token, res.json.id, undefined, 230_000);
    const log = await t.logText(token, res.json.id);
    expect(done.readyState, log).toBe('READY');
    expect(log).toContain('No framework detected: building as "Other".');
    expect(log).toContain('Running "vercel build"');
    expect(log).toMatch(/Stored 1 static files and 1 functions \(1 distinct\): api\/hello\./);
    expect(paths(await listOutputs(t.db, done.id))).toEqual(['index.html']);
    const { functions } = await servedBuildOutput(t.db, done.id);
    expect(functions).toMatchObject([{ path: 'api/hello', config: { handler: 'api/hello.js' } }]);
    console.log(log.match(/vercel build \([\d.]+\) finished in [\d.]+ s/)?.[0]);
  });
});
