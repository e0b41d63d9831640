// Reads a Build Output API v3 tree (`.vercel/output`) from disk into Nimbus: `static/` becomes the
// deployment's served files (at their override paths), each `functions/<path>.func` a function row
// with its files (those `filePathMap` maps in from the project included) and a digest of them and
// its config (`bundle`), and each `<path>.prerender-config.json` a prerender row with its fallback.
// The same reader takes a `vercel deploy --prebuilt` upload and the output of `vercel build` in the
// sandbox. Written here rather than taken from a library: the `vercel` package only writes such
// trees, and reading a stranger's tree means deciding what it may reach: links and `filePathMap`
// entries never leave the uploaded tree, and a bad tree fails with a message saying what to fix.
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { type BuildOutputConfig, FILES_MAX, isBuildInternal, servedPath } from '@nimbus/core';
import { type BuildOutputRows, type Db, missingBlobs, type OutputFile, recordBlobs } from '@nimbus/db';
import type { SizeLimits } from '../store/ingest';
import { sha1 } from '../store/local';
import type { FileStore } from '../store/types';
import { BuildError } from './files';
import { readFunctions } from './output-functions';
import {
  type ConfineFn,
  type Hashed,
  type HashFn,
  inside,
  invalid,
  isSafePath,
  MAX_DEPTH,
  readJson,
} from './output-tree';

export interface IngestInput {
  db: Db;
  store: FileStore;
  teamId: string;
  /** The `.vercel/output` folder. */
  outputDir: string;
  /** What `filePathMap` paths are relative to: the project's folder. */
  projectRoot: string;
  /** Nothing outside this folder is read: the uploaded (or built) tree. */
  treeRoot: string;
  limits: SizeLimits;
}

export interface IngestResult {
  /** Static files by URL path, as the edge serves them. */
  outputs: OutputFile[];
  buildOutput: BuildOutputRows;
}

/** Reads, checks and stores a Build Output tree; throws BuildError on a tree Nimbus must not take. */
export async function ingestBuildOutput(input: IngestInput): Promise<IngestResult> {
  const treeRoot = await realpath(input.treeRoot);
  const outputDir = await realpath(input.outputDir).catch(() => {
    throw invalid('The Build Output folder .vercel/output is missing. Run "vercel build" and deploy again.');
  });
  const hashed = new Map<string, Hashed>();
  let files = 0;
  let bytes = 0;

  /** Counts a file against the deployment's limits and hashes it once, however many names it has. */
  async function hash(abs: string, shown: string): Promise<Hashed> {
    const real = await confined(abs, shown);
    const info = await stat(real);
    if (info.size > input.limits.maxFileSize)
      throw new BuildError(
        'FILE_TOO_LARGE',
        `"${shown}" has ${info.size} bytes; files are at most ${input.limits.maxFileSize} bytes (NIMBUS_MAX_FILE_SIZE). Make it smaller or leave it out of the build output.`,
      );
    files += 1;
    bytes += info.size;
    if (files > FILES_MAX)
      throw new BuildError(
        'TOO_MANY_FILES',
        `The build output has more than ${FILES_MAX} files. Leave unused files out of the functions and static folder.`,
      );
    if (bytes > input.limits.maxDeploymentSize)
      throw new BuildError(
        'DEPLOYMENT_TOO_LARGE',
        `The build output adds up to more than ${input.limits.maxDeploymentSize} bytes (NIMBUS_MAX_DEPLOYMENT_SIZE). Leave dependencies and large media out of the functions.`,
      );
    let found = hashed.get(real);
    if (!found) {
      const data = await readFile(real);
      found = { sha: sha1(data), size: data.length, abs: real };
      hashed.set(real, found);
    }
    return found;
  }

  /** The real path of `abs`, which must stay inside the tree (a link may not lead out of it). */
  async function confined(abs: string, shown: string): Promise<string> {
    const real = await realpath(abs).catch(() => {
      throw new BuildError('FUNCTION_FILE_MISSING', `"${shown}" does not exist (or is a broken link). Build again.`);
    });
    if (!inside(treeRoot, real))
      throw new BuildError(
        'PATH_ESCAPE',
        `"${shown}" leads outside the deployment. Build output may only use files of the project itself.`,
      );
    return real;
  }

  const projectRoot = await realpath(input.projectRoot);
  const config = await readConfig(outputDir);
  const outputs = await readStatic(outputDir, config, hash, confined);
  const { functions, prerenders } = await readFunctions(outputDir, projectRoot, treeRoot, hash, confined);
  if (!outputs.length && !functions.length)
    throw new BuildError(
      'EMPTY_OUTPUT',
      'The Build Output has no static files and no functions. Check the build and deploy again.',
    );

  const all = [...hashed.values()];
  const missing = new Set(
    await missingBlobs(
      input.db,
      all.map((h) => h.sha),
    ),
  );
  const toStore = all.filter((h) => missing.delete(h.sha));
  for (let i = 0; i < toStore.length; i += 32)
    await Promise.all(toStore.slice(i, i + 32).map(async (h) => input.store.put(h.sha, await readFile(h.abs))));
  const unique = new Map(all.map((h) => [h.sha, h.size]));
  await recordBlobs(
    input.db,
    input.teamId,
    [...unique].map(([sha, size]) => ({ sha, size })),
  );
  return {
    outputs: outputs.sort((a, b) => a.path.localeCompare(b.path)),
    buildOutput: { config, functions, prerenders },
  };
}

async function readConfig(outputDir: string): Promise<BuildOutputConfig> {
  const config = await readJson<BuildOutputConfig>(path.join(outputDir, 'config.json'), '.vercel/output/config.json');
  if (config.version !== 3)
    throw invalid(
      `.vercel/output/config.json has version ${JSON.stringify(config.version)}; Nimbus reads Build Output API version 3. Build with a current vercel CLI.`,
    );
  for (const [file, override] of Object.entries(config.overrides ?? {})) {
    // An empty path is the root (SvelteKit's and Nuxt's prerendered home page).
    const at = override?.path;
    if (at !== undefined && (typeof at !== 'string' || (at !== '' && !isSafePath(at))))
      throw invalid(
        `The override of "${file}" in .vercel/output/config.json serves it at "${String(at)}": use a relative path without "..".`,
      );
  }
  return config;
}

/** Every file under `dir` (links followed inside the tree), as paths relative to `dir`. */
async function listFiles(dir: string, shownDir: string, confine: ConfineFn): Promise<{ rel: string; abs: string }[]> {
  const out: { rel: string; abs: string }[] = [];
  async function walk(abs: string, rel: string, depth: number): Promise<void> {
    if (depth > MAX_DEPTH) throw invalid(`${shownDir}/${rel} is nested too deeply (or is a loop of links).`);
    for (const entry of await readdir(abs, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      let child = path.join(abs, entry.name);
      if (entry.isSymbolicLink()) child = await confine(child, `${shownDir}/${childRel}`);
      const info = await stat(child);
      if (info.isDirectory()) await walk(child, childRel, depth + 1);
      else if (info.isFile()) out.push({ rel: childRel, abs: child });
    }
  }
  await walk(dir, '', 0);
  return out;
}

/**
 * `static/**` at their URL paths: an override moves a file (`about.html` served at `about`, and with an
 * empty path `index.html` at `/`), and wins over a file that has that path of its own.
 */
async function readStatic(
  outputDir: string,
  config: BuildOutputConfig,
  hash: HashFn,
  confine: ConfineFn,
): Promise<OutputFile[]> {
  const dir = path.join(outputDir, 'static');
  if (!(await stat(dir).catch(() => null))?.isDirectory()) return [];
  const overrides = config.overrides ?? {};
  const overrideOf = (file: string) => (Object.hasOwn(overrides, file) ? overrides[file] : undefined);
  const files = await listFiles(dir, '.vercel/output/static', confine);
  const claimed = new Set(files.filter((f) => overrideOf(f.rel)).map((f) => servedPath(f.rel, overrideOf(f.rel))));
  const outputs = new Map<string, OutputFile>();
  for (const f of files) {
    const override = overrideOf(f.rel);
    if (!override && claimed.has(f.rel)) continue;
    const served = servedPath(f.rel, override);
    // Dependencies, framework caches and secrets are never served, whatever folder they arrive in.
    if (isBuildInternal(f.rel) || isBuildInternal(served)) continue;
    const { sha, size } = await hash(f.abs, `.vercel/output/static/${f.rel}`);
    outputs.set(served, { path: served, sha, size });
  }
  return [...outputs.values()];
}
