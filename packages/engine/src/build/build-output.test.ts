// Reading Build Output trees into the store (what `vercel deploy --prebuilt` uploads and `vercel build`
// writes), refusing the trees Nimbus must not take, and writing a stored function back out for a runner.
import { EventEmitter } from 'node:events';
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, markReady, newId, schema, teamBlobSizes } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCipher } from '../crypto';
import { createEdge } from '../edge/create-edge';
import { createFunctionPool } from '../functions';
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
      // Hydrogen's .vercelignore names dist/, so `vercel deploy --prebuilt` leaves its worker out.
      'a filePathMap entry the upload left out',
      withFunction({
        '.vercel/output/functions/api/hello.func/.vc-config.json': nodeConfig({
          filePathMap: { 'dist/worker/index.js': 'dist/worker/index.js' },
        }),
      }),
      'FUNCTION_FILE_MISSING',
      /maps "dist\/worker\/index\.js" from the project's "dist\/worker\/index\.js", which the deployment does not have\. .*take "dist\/worker\/index\.js" out of \.vercelignore/,
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
      'an override whose path is absolute',
      {
        ...base,
        '.vercel/output/config.json': JSON.stringify({ version: 3, overrides: { 'index.html': { path: '/etc/x' } } }),
      },
      'INVALID_BUILD_OUTPUT',
      /serves it at "\/etc\/x": use a relative path/,
    ],
    [
      'an override whose path has a backslash',
      {
        ...base,
        '.vercel/output/config.json': JSON.stringify({ version: 3, overrides: { 'index.html': { path: '..\\x' } } }),
      },
      'INVALID_BUILD_OUTPUT',
      /serves it at "\.\.\\x": use a relative path/,
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

describe('an override with an empty path (SvelteKit and Nuxt serve their prerendered home page at /)', () => {
  const tree: Tree = {
    '.vercel/output/config.json': JSON.stringify({
      version: 3,
      routes: [{ handle: 'filesystem' }],
      overrides: {
        'index.html': { path: '', contentType: 'text/html; charset=iso-8859-1' },
        'about.html': { path: 'about' },
      },
    }),
    '.vercel/output/static/index.html': '<h1>home</h1>',
    '.vercel/output/static/about.html': '<h1>about</h1>',
  };

  /** A GET to the edge on `port`, as a browser at `host` sends it. */
  const get = (port: number, host: string, urlPath: string) =>
    new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: urlPath, headers: { host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
      })
        .on('error', reject)
        .end();
    });

  it('stores the file served at the root as index.html', async () => {
    const { outputs, buildOutput } = await ingest(await project(tree));
    expect(outputs).toEqual([
      { path: 'about', sha: sha1('<h1>about</h1>'), size: 14 },
      { path: 'index.html', sha: sha1('<h1>home</h1>'), size: 13 },
    ]);
    expect(buildOutput.config.overrides?.['index.html']).toEqual({
      path: '',
      contentType: 'text/html; charset=iso-8859-1',
    });
  });

  it('is served by the edge at / with the override content type', async () => {
    const { outputs, buildOutput } = await ingest(await project(tree));
    const projectId = newId('prj');
    const id = newId('dpl');
    const host = `kit-${id.slice(-8).toLowerCase()}`;
    await database.db.insert(schema.projects).values({ id: projectId, teamId, name: host });
    await database.db.insert(schema.deployments).values({ id, projectId, teamId, name: host, host, state: 'BUILDING' });
    await markReady(database.db, { id, outputs, config: {}, framework: 'sveltekit', buildOutput });

    const pool = createFunctionPool();
    const edge = createEdge({
      db: database.db,
      store,
      deployDomain: 'localhost',
      events: new EventEmitter(),
      functions: { pool, cipher: createCipher('s'.repeat(32)), dir: path.join(dir, 'edge-functions') },
    });
    const server = createServer(edge.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await get(port, `${host}.localhost`, '/')).toEqual({
        status: 200,
        type: 'text/html; charset=iso-8859-1',
        body: '<h1>home</h1>',
      });
      expect(await get(port, `${host}.localhost`, '/about')).toMatchObject({ status: 200, body: '<h1>about</h1>' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await edge.close();
      await pool.close();
    }
  });
});

describe('packages installed by pnpm (links into node_modules/.pnpm)', () => {
  const HONO = 'node_modules/.pnpm/hono@4.6.0/node_modules/hono';
  const SERVER = 'node_modules/.pnpm/@hono+node-server@1.13.0/node_modules';
  const FUNC = '.vercel/output/functions/api/hello.func';
  const handler = 'module.exports = [require("hono").name, require("@hono/node-server").peer];';
  /** The packages' files, which `vercel build` writes into the function at their real paths. */
  const packages: Tree = {
    [`${FUNC}/api/hello.js`]: handler,
    [`${FUNC}/${HONO}/package.json`]: '{"name":"hono","main":"dist/index.js"}',
    [`${FUNC}/${HONO}/dist/index.js`]: 'module.exports = { name: "hono" };',
    [`${FUNC}/${SERVER}/@hono/node-server/package.json`]: '{"name":"@hono/node-server"}',
    [`${FUNC}/${SERVER}/@hono/node-server/index.js`]: 'module.exports = { peer: require("hono").name + "!" };',
  };
  /** The links pnpm made, by path in the project and in the function, and their text. */
  const links = {
    'node_modules/hono': '.pnpm/hono@4.6.0/node_modules/hono',
    'node_modules/@hono/node-server': '../.pnpm/@hono+node-server@1.13.0/node_modules/@hono/node-server',
    [`${SERVER}/hono`]: '../../hono@4.6.0/node_modules/hono',
  };

  /** Written back out for a runner, the handler loads both packages through the links. */
  async function run(fn: Parameters<typeof functionDir>[2]): Promise<unknown> {
    const out = await functionDir(store, path.join(dir, 'pnpm-functions'), fn);
    return createRequire(path.join(out, 'api/hello.js'))('./hello.js');
  }

  it('takes the form `vercel build` writes: the links in filePathMap, their targets in the function', async () => {
    // The upload holds each mapped link as its text (`vercel deploy --prebuilt`), not the project's
    // node_modules/.pnpm: in the project they lead nowhere.
    const root = await project({
      ...base,
      ...packages,
      [`${FUNC}/.vc-config.json`]: nodeConfig({
        handler: 'api/hello.js',
        filePathMap: Object.fromEntries(Object.keys(links).map((p) => [p, p])),
      }),
      ...Object.fromEntries(Object.entries(links).map(([p, link]) => [p, { link }])),
    });
    const [fn] = (await ingest(root)).buildOutput.functions;
    expect(fn!.files.filter((f) => 'link' in f)).toEqual(
      Object.entries(links)
        .map(([p, link]) => ({ path: p, link }))
        .sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
    expect(await run(fn!)).toEqual(['hono', 'hono!']);
  });

  it('takes the links inside the function folder itself', async () => {
    const root = await project({
      ...base,
      ...packages,
      [`${FUNC}/.vc-config.json`]: nodeConfig({ handler: 'api/hello.js' }),
      ...Object.fromEntries(Object.entries(links).map(([p, link]) => [`${FUNC}/${p}`, { link }])),
    });
    const [fn] = (await ingest(root)).buildOutput.functions;
    expect(fn!.files.find((f) => f.path === 'node_modules/hono')).toEqual({
      path: 'node_modules/hono',
      link: '.pnpm/hono@4.6.0/node_modules/hono',
    });
    expect(await run(fn!)).toEqual(['hono', 'hono!']);
  });

  it('reads a mapped link that leads elsewhere in the upload as the files it points at', async () => {
    const root = await project({
      ...base,
      [`${FUNC}/api/hello.js`]: 'module.exports = require("shared").name;',
      [`${FUNC}/.vc-config.json`]: nodeConfig({ filePathMap: { 'node_modules/shared': 'node_modules/shared' } }),
      'node_modules/shared': { link: '../packages/shared' },
      'packages/shared/index.js': 'module.exports = { name: "shared" };',
    });
    const [fn] = (await ingest(root)).buildOutput.functions;
    expect(fn!.files.map((f) => f.path)).toEqual(['api/hello.js', 'node_modules/shared/index.js']);
    const out = await functionDir(store, path.join(dir, 'pnpm-functions'), fn!);
    expect(createRequire(path.join(out, 'api/hello.js'))('./hello.js')).toBe('shared');
  });

  it.each([
    ['out of the function and the upload', '../../../../../../etc', 'PATH_ESCAPE', /leads outside the deployment/],
    ['to an absolute path', '/etc', 'PATH_ESCAPE', /leads outside the deployment/],
    [
      'to nothing in the function or the upload',
      '.pnpm/gone@1/node_modules/gone',
      'FUNCTION_FILE_MISSING',
      /does not exist/,
    ],
  ] as const)('refuses a mapped link %s', async (_name, link, code, message) => {
    const err = await refusal({
      ...base,
      ...packages,
      [`${FUNC}/.vc-config.json`]: nodeConfig({ filePathMap: { 'node_modules/evil': 'node_modules/evil' } }),
      'node_modules/evil': { link },
    });
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
  });

  it('refuses a mapped link that climbs out of the function through another of its links', async () => {
    // On paper `top/../etc/passwd` from node_modules/ is node_modules/etc/passwd, inside the function;
    // but `top` is a link to the function's root, so from there `..` leaves it (/var/task/.. is /var).
    const err = await refusal({
      ...base,
      ...packages,
      [`${FUNC}/.vc-config.json`]: nodeConfig({ filePathMap: { 'node_modules/evil': 'node_modules/evil' } }),
      [`${FUNC}/node_modules/top`]: { link: '..' },
      [`${FUNC}/node_modules/etc/passwd`]: 'not this one',
      'node_modules/evil': { link: 'top/../etc/passwd' },
    });
    expect(err.code).toBe('FUNCTION_FILE_MISSING');
    expect(err.message).toMatch(/"node_modules\/evil" does not exist/);
  });
});
