// The functions and prerenders of a Build Output tree: each `functions/<path>.func` folder (a link
// to another is the same function under a second name) with its `.vc-config.json`, its files, the
// project files its `filePathMap` maps in, and a digest of all of it (`bundle`); and each
// `<path>.prerender-config.json` with its fallback file. A link of the function, or one its
// `filePathMap` maps in (pnpm's `node_modules/<package>`), stays a link when it resolves inside the
// function's own files; other links are read as what they point at; nothing outside the tree is read.
import { createHash } from 'node:crypto';
import { lstat, readdir, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FunctionConfig, PrerenderConfig } from '@nimbus/core';
import type { FunctionFile, StoredFunction, StoredPrerender } from '@nimbus/db';
import { typeOf } from '../edge/file-types';
import { isPythonRuntime } from '../functions/runner-process';
import { BuildError } from './files';
import { foldersOf, linkTarget } from './function-links';
import { type ConfineFn, type HashFn, inside, invalid, isSafePath, MAX_DEPTH, readJson } from './output-tree';

export async function readFunctions(
  outputDir: string,
  projectRoot: string,
  treeRoot: string,
  hash: HashFn,
  confine: ConfineFn,
): Promise<{ functions: StoredFunction[]; prerenders: StoredPrerender[] }> {
  const root = path.join(outputDir, 'functions');
  const functions: StoredFunction[] = [];
  const prerenders: StoredPrerender[] = [];
  if (!(await stat(root).catch(() => null))?.isDirectory()) return { functions, prerenders };
  // Next.js links many `.func` names to one folder: each is read once and stored under every name.
  const byFolder = new Map<string, Promise<Omit<StoredFunction, 'path'>>>();
  async function walk(abs: string, relDir: string, depth: number): Promise<void> {
    if (depth > MAX_DEPTH) throw invalid(`.vercel/output/functions/${relDir} is nested too deeply.`);
    for (const entry of await readdir(abs, { withFileTypes: true })) {
      const name = relDir ? `${relDir}/${entry.name}` : entry.name;
      const shown = `.vercel/output/functions/${name}`;
      const child = path.join(abs, entry.name);
      if (entry.name.endsWith('.func')) {
        const real = await confine(child, shown);
        if (!byFolder.has(real)) byFolder.set(real, readFunction(real, shown, projectRoot, treeRoot, hash, confine));
        functions.push({ path: name.slice(0, -'.func'.length), ...(await byFolder.get(real)!) });
      } else if (entry.name.endsWith('.prerender-config.json')) {
        prerenders.push(await readPrerender(child, name.slice(0, -'.prerender-config.json'.length), shown, hash));
      } else if (entry.isDirectory()) {
        await walk(child, name, depth + 1);
      } else if (entry.isSymbolicLink() && (await stat(await confine(child, shown))).isDirectory()) {
        await walk(await confine(child, shown), name, depth + 1);
      }
    }
  }
  await walk(root, '', 0);
  return { functions, prerenders };
}

async function readFunction(
  dir: string,
  shown: string,
  projectRoot: string,
  treeRoot: string,
  hash: HashFn,
  confine: ConfineFn,
): Promise<Omit<StoredFunction, 'path'>> {
  if (!(await stat(dir)).isDirectory()) throw invalid(`${shown} is a file; a function is a folder ending in .func.`);
  const vcConfig = path.join(dir, '.vc-config.json');
  if (!(await stat(vcConfig).catch(() => null)))
    throw new BuildError(
      'FUNCTION_CONFIG_MISSING',
      `${shown} has no .vc-config.json: every function folder needs one naming its runtime and handler. Run "vercel build" and deploy again.`,
    );
  const { filePathMap, ...config } = await readJson<FunctionConfig>(vcConfig, `${shown}/.vc-config.json`);
  if (typeof config.runtime !== 'string' || !config.runtime)
    throw invalid(
      `${shown}/.vc-config.json names no runtime (like "nodejs22.x"). Run "vercel build" and deploy again.`,
    );

  const files = new Map<string, FunctionFile>();
  // The function's own links, judged once every file is known (function-links.ts).
  const links = new Map<string, { text: string; abs: string; shown: string }>();

  /** Reads what `abs` points at into the function at `rel`: a file, or a folder's files. It must be in the tree. */
  async function readTarget(abs: string, rel: string, shownAs: string, depth: number): Promise<void> {
    const real = await confine(abs, shownAs);
    const target = await stat(real);
    if (target.isDirectory()) await walk(real, rel, depth + 1);
    else if (target.isFile()) {
      const h = await hash(real, shownAs);
      files.set(rel, { path: rel, sha: h.sha, size: h.size, mode: target.mode });
    }
  }

  async function walk(abs: string, rel: string, depth: number): Promise<void> {
    if (depth > MAX_DEPTH) throw invalid(`${shown}/${rel} is nested too deeply (or is a loop of links).`);
    for (const entry of await readdir(abs, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (childRel === '.vc-config.json') continue;
      const child = path.join(abs, entry.name);
      const childShown = `${shown}/${childRel}`;
      const info = await lstat(child);
      if (info.isSymbolicLink()) {
        // A link in a folder elsewhere in the tree is read as what it points at.
        if (inside(dir, child)) links.set(childRel, { text: await readlink(child), abs: child, shown: childShown });
        else await readTarget(child, childRel, childShown, depth);
      } else if (info.isDirectory()) await walk(child, childRel, depth + 1);
      else if (info.isFile()) {
        const h = await hash(child, childShown);
        files.set(childRel, { path: childRel, sha: h.sha, size: h.size, mode: info.mode });
      }
    }
  }
  await walk(dir, '', 0);

  for (const [runtimePath, projectPath] of Object.entries(filePathMap ?? {})) {
    if (!isSafePath(runtimePath) || typeof projectPath !== 'string')
      throw invalid(`${shown}/.vc-config.json maps "${runtimePath}": use relative paths without "..".`);
    const abs = path.resolve(projectRoot, projectPath);
    if (!inside(treeRoot, abs) || projectPath.includes('\0'))
      throw new BuildError(
        'PATH_ESCAPE',
        `${shown}/.vc-config.json maps "${runtimePath}" to "${projectPath}", outside the deployment. A function may only take files of the project itself.`,
      );
    const mapped = await lstat(abs).catch(() => null);
    // `vercel deploy --prebuilt` uploads mapped files unless .vercelignore names them (Hydrogen's names dist/).
    if (!mapped)
      throw new BuildError(
        'FUNCTION_FILE_MISSING',
        `${shown}/.vc-config.json maps "${runtimePath}" from the project's "${projectPath}", which the deployment does not have. The vercel CLI does not upload a prebuilt function's files that .vercelignore names: take "${projectPath}" out of .vercelignore, or deploy the source.`,
      );
    // A package pnpm installed is a link (node_modules/hono → .pnpm/...), which `vercel build` maps as one.
    if (mapped.isSymbolicLink()) {
      files.delete(runtimePath);
      links.set(runtimePath, { text: await readlink(abs), abs, shown: projectPath });
      continue;
    }
    links.delete(runtimePath);
    const h = await hash(abs, projectPath);
    files.set(runtimePath, { path: runtimePath, sha: h.sha, size: h.size, mode: (await stat(h.abs)).mode });
  }

  // A link the runner's copy resolves inside the function stays a link. Any other is read as what it
  // points at in the tree, which must hold it; reading it may leave others without their target.
  for (;;) {
    const entries = { files, links: new Map([...links].map(([p, l]) => [p, l.text])) };
    const folders = foldersOf(entries);
    const loose = [...links].filter(([p]) => linkTarget(entries, folders, p) === null);
    if (!loose.length) break;
    for (const [p, l] of loose) {
      links.delete(p);
      await readTarget(l.abs, p, l.shown, p.split('/').length);
    }
  }
  for (const [p, l] of links) files.set(p, { path: p, link: l.text });

  const entry = config.runtime === 'edge' ? config.entrypoint : config.handler;
  if (typeof entry !== 'string' || !entry)
    throw invalid(
      `${shown}/.vc-config.json names no ${config.runtime === 'edge' ? 'entrypoint' : 'handler'}. Run "vercel build" and deploy again.`,
    );
  // A Python handler is `module.function` (`vc__handler__python.vc_handler`): its file is the module's.
  const file = isPythonRuntime(config.runtime)
    ? `${entry.replace(/\.[^.]+$/, '').replace(/\./g, '/')}.py`
    : entry.replace(/^\.\//, '');
  if (!files.has(file))
    throw new BuildError(
      'FUNCTION_HANDLER_MISSING',
      `${shown}/.vc-config.json names "${entry}" as its ${config.runtime === 'edge' ? 'entrypoint' : 'handler'}, but the function has no such file. Run "vercel build" and deploy again.`,
    );
  const sorted = [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const bundle = createHash('sha1')
    .update(JSON.stringify({ config, files: sorted }))
    .digest('hex');
  return { config: config as FunctionConfig, files: sorted, bundle };
}

async function readPrerender(file: string, name: string, shown: string, hash: HashFn): Promise<StoredPrerender> {
  const config = await readJson<PrerenderConfig>(file, shown);
  const fallbackPath = typeof config.fallback === 'string' ? config.fallback : config.fallback?.fsPath;
  if (!fallbackPath) return { path: name, config, fallback: null, contentType: null };
  if (path.isAbsolute(fallbackPath))
    throw new BuildError('PATH_ESCAPE', `${shown} names its fallback by an absolute path; use one relative to it.`);
  const h = await hash(path.resolve(path.dirname(file), fallbackPath), `${shown} fallback "${fallbackPath}"`);
  const header = Object.entries(config.initialHeaders ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  return {
    path: name,
    config,
    fallback: { sha: h.sha, size: h.size },
    contentType: header ?? typeOf(fallbackPath),
  };
}
