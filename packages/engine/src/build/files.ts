// Moving trees between the store and a build dir: write the source files out, read nimbus.json or
// vercel.json, and store the output folder. Symlinks in the output are followed only when they stay
// inside the build dir, so a build cannot publish files of the machine it ran on; build internals
// (`node_modules/`, `.next/`, `.env*` ..., `isBuildInternal`) at any depth are never part of the output.
import { chmod, lstat, mkdir, readdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isBuildInternal } from '@nimbus/core';
import { type Db, missingBlobs, type OutputFile, recordBlobs } from '@nimbus/db';
import { sha1 } from '../store/local';
import type { FileStore } from '../store/types';

export class BuildError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const CONFIG_FILES = ['nimbus.json', 'vercel.json'];
/** Never served from a static root: the project's configuration and Nimbus's own folder. */
const NOT_OUTPUT = new Set([...CONFIG_FILES, '.nimbus']);

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

const SYMLINK = 0o120000;
const FILE_TYPE = 0o170000;

/**
 * Writes a file list into `dir`. With `links`, an entry whose mode says symbolic link (Vercel's CLI
 * uploads a link as its target's text) becomes a link again: a prebuilt Build Output tree links
 * `.func` folders and files to each other. Where a link leads is judged by whoever reads the tree.
 */
export async function materialize(
  store: FileStore,
  files: { path: string; sha: string; mode: number }[],
  dir: string,
  options: { links?: boolean } = {},
): Promise<void> {
  await inBatches(files, 32, async (f) => {
    const target = path.join(dir, f.path);
    await mkdir(path.dirname(target), { recursive: true });
    if (options.links && (f.mode & FILE_TYPE) === SYMLINK)
      return void (await symlink((await store.get(f.sha)).toString('utf8'), target));
    await writeFile(target, await store.get(f.sha));
    if (f.mode & 0o111) await chmod(target, f.mode & 0o777);
  });
}

/** nimbus.json wins over vercel.json; a file that is not a JSON object fails the build with its name. */
export async function readProjectConfig(root: string): Promise<Record<string, unknown>> {
  for (const name of CONFIG_FILES) {
    let text: string;
    try {
      text = await readFile(path.join(root, name), 'utf8');
    } catch {
      continue;
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch (err) {
      throw new BuildError(
        'INVALID_CONFIG',
        `${name} is not valid JSON (${(err as Error).message}). Fix it and deploy again.`,
      );
    }
    throw new BuildError('INVALID_CONFIG', `${name} must hold a JSON object, like {"cleanUrls": true}.`);
  }
  return {};
}

async function walk(
  dir: string,
  rel: string,
  buildDir: string,
  out: { abs: string; rel: string }[],
  depth = 0,
): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!rel && NOT_OUTPUT.has(entry.name)) continue;
    let abs = path.join(dir, entry.name);
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    if (isBuildInternal(relPath)) continue;
    let stats = await lstat(abs);
    if (stats.isSymbolicLink()) {
      const real = await realpath(abs).catch(() => '');
      if (!real.startsWith(buildDir + path.sep)) continue;
      abs = real;
      stats = await lstat(real);
    }
    // The depth bound also ends symlink loops.
    if (stats.isDirectory() && depth < 32) await walk(abs, relPath, buildDir, out, depth + 1);
    else if (stats.isFile()) out.push({ abs, rel: relPath });
  }
}

/**
 * Stores every file under `outDir` that the store lacks and returns the output tree (paths without
 * a leading slash). Unchanged files of a redeploy are already stored, so they cost one hash each.
 * The team that built them may reference every output blob in its later deployment requests.
 */
export async function storeOutput(
  db: Db,
  store: FileStore,
  teamId: string,
  outDir: string,
  buildDir: string,
): Promise<OutputFile[]> {
  const found: { abs: string; rel: string }[] = [];
  await walk(outDir, '', buildDir, found);
  const outputs: OutputFile[] = [];
  await inBatches(found, 64, async (f) => {
    const data = await readFile(f.abs);
    outputs.push({ path: f.rel, sha: sha1(data), size: data.length });
  });
  const missing = new Set(
    await missingBlobs(
      db,
      outputs.map((o) => o.sha),
    ),
  );
  const byPath = new Map(found.map((f) => [f.rel, f.abs]));
  const toStore = outputs.filter((o) => missing.delete(o.sha));
  await inBatches(toStore, 32, async (o) => store.put(o.sha, await readFile(byPath.get(o.path)!)));
  await recordBlobs(
    db,
    teamId,
    outputs.map((o) => ({ sha: o.sha, size: o.size })),
  );
  return outputs.sort((a, b) => a.path.localeCompare(b.path));
}
