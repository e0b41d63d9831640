// Where the real-apps matrix reads its apps: the `framework-boilerplates/` and `python/` folders of
// Vercel's public examples repository, at the path NIMBUS_EXAMPLES names (a clone's work tree, or a
// bare git directory). Nothing of that repository is kept in Nimbus: each app is copied out of it per
// run. A framework starter is named by its folder (`astro`), a Python example with its own (`python/flask`).
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';

const run = promisify(execFile);
const FOLDER = 'framework-boilerplates';
const PYTHON = 'python';

/** The app's folder in the repository. */
const folderOf = (name: string) => (name.startsWith(`${PYTHON}/`) ? name : `${FOLDER}/${name}`);

export type Examples = { kind: 'checkout'; dir: string } | { kind: 'git'; dir: string };

export const EXAMPLES_HELP =
  'The real-apps matrix (test/apps) needs the vercel/examples repository: `git clone https://github.com/vercel/examples` and set NIMBUS_EXAMPLES to the clone (a bare git directory works too).';

/**
 * The repository NIMBUS_EXAMPLES points at, or null when the variable is unset. A path that is
 * neither a clone nor a git directory of it throws: the run was asked for apps it cannot read.
 */
export function examplesRepo(value = process.env.NIMBUS_EXAMPLES): Examples | null {
  if (!value) return null;
  const dir = path.resolve(value);
  if (existsSync(path.join(dir, FOLDER))) return { kind: 'checkout', dir };
  if (existsSync(path.join(dir, 'HEAD')) && existsSync(path.join(dir, 'objects'))) return { kind: 'git', dir };
  throw new Error(`NIMBUS_EXAMPLES=${value} holds neither ${FOLDER}/ nor a git directory. ${EXAMPLES_HELP}`);
}

/** The app folders under framework-boilerplates/, then those under python/ (`python/<name>`), each sorted. */
export async function listApps(repo: Examples): Promise<string[]> {
  const list = async (folder: string) => {
    if (repo.kind === 'checkout') {
      const entries = await readdir(path.join(repo.dir, folder), { withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    }
    const { stdout } = await run('git', ['--git-dir', repo.dir, 'ls-tree', '-d', '--name-only', 'HEAD', `${folder}/`]);
    return stdout
      .split('\n')
      .filter(Boolean)
      .map((p) => p.slice(folder.length + 1))
      .sort();
  };
  return [...(await list(FOLDER)), ...(await list(PYTHON)).map((name) => `${PYTHON}/${name}`)];
}

/** Folders a developer's copy may hold that are never part of an app's source. */
const NOT_SOURCE = new Set(['node_modules', '.git', '.vercel', '.next', '.output', '.svelte-kit']);

/** Writes the app's source files into `dest` (created). */
export async function extractApp(repo: Examples, name: string, dest: string): Promise<void> {
  await mkdir(dest, { recursive: true });
  if (repo.kind === 'checkout') {
    await cp(path.join(repo.dir, folderOf(name)), dest, {
      recursive: true,
      filter: (src) => !NOT_SOURCE.has(path.basename(src)),
    });
    return;
  }
  const git = spawn('git', ['--git-dir', repo.dir, 'archive', '--format=tar', 'HEAD', folderOf(name)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  git.stderr.on('data', (c: Buffer) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => git.on('close', resolve));
  const unpacked = new Promise<void>((resolve, reject) =>
    git.stdout
      .pipe(tar.x({ cwd: dest, strip: 2 }))
      .on('finish', resolve)
      .on('error', reject),
  );
  const [code] = await Promise.all([exited, unpacked]);
  if (code !== 0) throw new Error(`git archive of ${folderOf(name)} failed (${code}): ${stderr.trim()}`);
}
