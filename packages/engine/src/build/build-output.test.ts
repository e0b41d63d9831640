// Reading Build Output trees into the store (what `vercel deploy --prebuilt` uploads and `vercel build`
// writes), refusing the trees Nimbus must not take, and writing a stored function back out for a runner.
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, newId, schema, teamBlobSizes } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionDir } from '../functions/materialize';
import { createLocalStore, sha1 } from '../store/local';
import { ingestBuildOutput } from './build-output';
import { BuildError } from './files';

let database: Database;
let dir: string;
let teamId: string;
let store: ReturnType<typeof createLocalStore>;
const limits = { maxFileSize: 1024 * 1024, maxDeploymentSize: 10 * 1024 * 1024 };

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'nimbus-build-output-'));
  store = createLocalStore(path.join(dir, 'files'));
  teamId = newId('team');
  await database.db.insert(schema.teams).values({ id: teamId, slug: `bo-${teamId.slice(-8).toLowerCase()}` });
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

type Tree = Record<string, string | { link: string }>;
const HELLO = 'module.exports = (req, res) => res.end("hello");';
const nodeConfig = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ runtime: 'nodejs22.x', handler: 'api/hello.js', launcherType: 'Nodejs', ...extra });

/** Writes a project folder with these files and links; returns its path. */
async function project(files: Tree): Promise<string> {
  const root = await mkdtemp(path.join(dir, 'project-'));
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(root, file);
    await mkdir(path.dirname(target), { recursive: true });
    if (typeof content === 'string') await writeFile(target, content);
    else await symlink(content.link, target);
  }
  return root;
}

const ingest = (root: string) =>
  ingestBuildOutput({
    db: database.db,
    store,
    teamId,
    outputDir: path.join(root, '.vercel/output'),
    projectRoot: root,
    treeRoot: root,
    limits,
  });

/** The BuildError an ingest of this tree fails with. */
async function refusal(files: Tree): Promise<BuildError> {
  const err = await ingest(await project(files)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(BuildError);
  return err as BuildError;
}

const base: Tree = {
  '.vercel/output/config.json': JSON.stringify({ version: 3, routes: [{ handle: 'filesystem' }] }),
  '.vercel/output/static/index.html': '<h1>hi</h1>',
};

describe('ingestBuildOutput', () => {
  let result: Awaited<ReturnType<typeof ingest>>;

  beforeAll(async () => {
    const root = await project({
      '.vercel/output/config.json': JSON.stringify({
        version: 3,
        routes: [{ handle: 'filesystem' }],
        overrides: { 'about.html': { path: 'about', contentType: 'text/html; charset=utf-8' } },
        framework: { version: '15.0.0', slug: 'nextjs' },
      }),
      '.vercel/output/static/index.html': '<h1>home</h1>',
      '.vercel/output/static/about.html': '<h1>about</h1>',
      '.vercel/output/static/.env': 'SECRET=1',
      '.vercel/output/static/_next/static/app-1.js': 'js',
      '.vercel/output/functions/api/hello.func/.vc-config.json': nodeConfig({
        filePathMap: { 'node_modules/dep/index.js': 'node_modules/dep/index.js' },
      }),
      '.vercel/output/functions/api/hello.func/api/hello.js': HELLO,
      '.vercel/output/functions/api/hello.func/lib.js': { link: 'api/hello.js' },
      '.vercel/output/functions/api/alias.func': { link: 'hello.func' },
      '.vercel/output/functions/index.func/.vc-config.json': JSON.stringify({
        runtime: 'edge',
        entrypoint: 'index.js',
      }),
      '.vercel/output/functions/index.func/index.js': 'addEventListener("fetch", () => {})',
      '.vercel/output/functions/index.prerender-config.json': JSON.stringify({
        expiration: 60,
        fallback: 'index.prerender-fallback.html',
      }),
      '.vercel/output/functions/index.prerender-fallback.html': '<h1>prerendered</h1>',
      'node_modules/dep/index.js': 'module.exports = 1;',
    });
    result = await ingest(root);
  });

  it('stores static files at their override paths and never a secret', () => {
    expect(result.outputs.map((o) => o.path)).toEqual(['_next/static/app-1.js', 'about', 'index.html']);
    expect(result.outputs.find((o) => o.path === 'about')!.sha).toBe(sha1('<h1>about</h1>'));
    expect(result.buildOutput.config.overrides).toEqual({
      'about.html': { path: 'about', contentType: 'text/html; charset=utf-8' },
    });
  });

  it('stores each function with its mapped files, its config minus filePathMap, and links inside it', () => {
    const byPath = new Map(result.buildOutput.functions.map((f) => [f.path, f]));
    expect([...byPath.keys()].sort()).toEqual(['api/alias', 'api/hello', 'index']);
    const hello = byPath.get('api/hello')!;
    expect(hello.config).toEqual({ runtime: 'nodejs22.x', handler: 'api/hello.js', launcherType: 'Nodejs' });
    expect(hello.files).toEqual([
      { path: 'api/hello.js', sha: sha1(HELLO), size: HELLO.length, mode: expect.any(Number) },
      { path: 'lib.js', link: 'api/hello.js' },
      {
        path: 'node_modules/dep/index.js',
        sha: sha1('module.exports = 1;'),
        size: 19,
        mode: expect.any(Number),
      },
    ]);
    expect(byPath.get('api/alias')!.bundle).toBe(hello.bundle);
    expect(byPath.get('index')!.bundle).not.toBe(hello.bundle);
  });

  it('stores prerenders with their fallback and its content type', () => {
    expect(result.buildOutput.prerenders).toEqual([
      {
        path: 'index',
        config: { expiration: 60, fallback: 'index.prerender-fallback.html' },
        fallback: { sha: sha1('<h1>prerendered</h1>'), size: 20 },
        contentType: 'text/html; charset=utf-8',
      },
    ]);
  });

  it('puts every blob in the store and lets the team reference it', async () => {
    const shas = [sha1(HELLO), sha1('module.exports = 1;'), sha1('<h1>prerendered</h1>'), sha1('<h1>home</h1>')];
    for (const sha of shas) expect(await store.has(sha)).toBe(true);
    expect([...(await teamBlobSizes(database.db, teamId, shas)).keys()].sort()).toEqual([...shas].sort());
  });
});

describe('bad trees', () => {
  const withFunction = (files: Tree): Tree => ({
    ...base,
    '.vercel/output/functions/api/hello.func/.vc-config.json': nodeConfig(),
    '.vercel/output/functions/api/hello.func/api/hello.js': HELLO,
    ...files,
  });

  it.each([
    [
      'config.json of another version',
      { ...base, '.vercel/output/config.json': '{"version":2}' },
      'INVALID_BUILD_OUTPUT',
      /config\.json has version 2; Nimbus reads Build Output API version 3/,
    ],
    [
      'no config.json',
      { '.vercel/output/static/index.html': 'x' },
      'INVALID_BUILD_OUTPUT',
      /config\.json is missing\. Run "vercel build"/,
    ],
    [
      'a function without .vc-config.json',
      { ...base, '.vercel/output/functions/api/x.func/index.js': HELLO },
      'FUNCTION_CONFIG_MISSING',
      /functions\/api\/x\.func has no \.vc-config\.json/,
    ],
    [
      'a handler that is not there',
      withFunction({ '.vercel/output/functions/api/hello.func/.vc-config.json': nodeConfig({ handler: 'gone.js' }) }),
      'FUNCTION_HANDLER_MISSING',
      /names "gone\.js" as its handler, but the function has no such file/,
    ],
    [
      'a filePathMap entry outside the project',
      withFunction({
        '.vercel/output/functions/api/hello.func/.vc-config.json': nodeConfig({
          filePathMap: { passwd: '../../etc/passwd' },
        }),
      }),
      'PATH_ESCAPE',
      /maps "passwd" to "\.\.\/\.\.\/etc\/passwd", outside the deployment/,
    ],
    [
      'a function file linked out of the tree',
      withFunction({ '.vercel/output/functions/api/hello.func/passwd': { link: '/etc/passwd' } }),
      'PATH_ESCAPE',
      /hello\.func\/passwd" leads outside the deployment/,
    ],
    [
      'a static file linked out of the tree',
      { ...base, '.vercel/output/static/hosts': { link: '/etc/hosts' } },
      'PATH_ESCAPE',
      /static\/hosts" leads outside the deployment/,
    ],
    [
      'an override that climbs out',
      {
        ...base,
        '.vercel/output/config.json': JSON.stringify({ version: 3, overrides: { 'index.html': { path: '../x' } } }),
      },
      'INVALID_BUILD_OUTPUT',
      /serves it at "\.\.\/x": use a relative path without "\.\."/,
    ],
    [
      'a file past NIMBUS_MAX_FILE_SIZE',
      { ...base, '.vercel/output/static/big.bin': 'x'.repeat(limits.maxFileSize + 1) },
      'FILE_TOO_LARGE',
      /big\.bin" has 1048577 bytes; files are at most 1048576 bytes \(NIMBUS_MAX_FILE_SIZE\)/,
    ],
  ] as const)('refuses %s', async (_name, files, code, message) => {
    const err = await refusal(files as Tree);
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
  });
});

describe('functionDir', () => {
  it('writes one read-only folder per bundle, however many callers ask at once', async () => {
    const root = await project({
      ...base,
      '.vercel/output/functions/api/hello.func/.vc-config.json': nodeConfig(),
      '.vercel/output/functions/api/hello.func/api/hello.js': HELLO,
      '.vercel/output/functions/api/hello.func/lib.js': { link: 'api/hello.js' },
    });
    const [fn] = (await ingest(root)).buildOutput.functions;
    const runners = path.join(dir, 'functions');
    const dirs = await Promise.all([functionDir(store, runners, fn!), functionDir(store, runners, fn!)]);
    expect(dirs[0]).toBe(path.join(runners, fn!.bundle));
    expect(dirs[1]).toBe(dirs[0]);
    expect(await readdir(runners)).toEqual([fn!.bundle]);
    const out = dirs[0]!;
    expect(await readFile(path.join(out, 'api/hello.js'), 'utf8')).toBe(HELLO);
    expect(await readlink(path.join(out, 'lib.js'))).toBe('api/hello.js');
    expect(await readFile(path.join(out, 'lib.js'), 'utf8')).toBe(HELLO);
    expect(JSON.parse(await readFile(path.join(out, '.vc-config.json'), 'utf8'))).toEqual({
      runtime: 'nodejs22.x',
      handler: 'api/hello.js',
      launcherType: 'Nodejs',
    });
    // Readable (and folders passable) by the sandbox's host user, writable by nobody.
    expect((await stat(path.join(out, 'api/hello.js'))).mode & 0o777).toBe(0o444);
    expect((await stat(path.join(out, 'api'))).mode & 0o777).toBe(0o555);
    expect((await stat(out)).mode & 0o777).toBe(0o555);
    expect((await stat(runners)).mode & 0o777).toBe(0o711);
    expect((await lstat(path.join(out, 'lib.js'))).isSymbolicLink()).toBe(true);
    // Asked again later, the folder is reused as it is.
    expect(await functionDir(store, runners, fn!)).toBe(out);
  });
});
