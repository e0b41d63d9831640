// Writes a stored function (a deployment_functions row) back out as a folder a runner can load: its
// files, its links and its `.vc-config.json`. Folders are named by the function's `bundle`, so the
// many names Next.js gives one function, and the same function in later deployments, share one copy.
// A copy is written under a temporary name and renamed into place, so callers in this process and in
// others never see half a folder: the first rename wins and the others drop their copy. Files are
// read-only, and every folder is open to all: a bundle may be shared by teams, each running it as its own host uid.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FunctionConfig } from '@nimbus/core';
import type { FunctionFile } from '@nimbus/db';
import type { FileStore } from '../store/types';

export interface MaterializableFunction {
  bundle: string;
  config: FunctionConfig;
  files: FunctionFile[];
}

const BUNDLE = /^[0-9a-f]{40}$/;
const safe = (p: string) => !!p && !path.isAbsolute(p) && p.split('/').every((s) => s && s !== '.' && s !== '..');
const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/** The absolute path of a folder holding the function, written once per bundle under `root`. */
export async function functionDir(store: FileStore, root: string, fn: MaterializableFunction): Promise<string> {
  if (!BUNDLE.test(fn.bundle)) throw new Error(`"${fn.bundle}" is not a function bundle digest.`);
  // 711: every team's host uid passes through to its bundle without listing the others.
  await mkdir(root, { recursive: true, mode: 0o711 });
  const target = path.join(root, fn.bundle);
  if (await exists(target)) return target;
  const temp = path.join(root, `.tmp-${fn.bundle}-${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(temp, { mode: 0o755 });
    const dirs = new Set<string>();
    for (const f of fn.files) {
      if (!safe(f.path) || f.path === '.vc-config.json') throw new Error(`Unsafe function file path "${f.path}".`);
      const file = path.join(temp, f.path);
      for (let d = path.dirname(file); d !== temp && !dirs.has(d); d = path.dirname(d)) dirs.add(d);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o755 });
      if ('link' in f) await symlink(f.link, file);
      else await writeFile(file, await store.get(f.sha), { mode: f.mode & 0o111 ? 0o555 : 0o444 });
    }
    await writeFile(path.join(temp, '.vc-config.json'), JSON.stringify(fn.config, null, 2), { mode: 0o444 });
    try {
      await rename(temp, target);
    } catch (err) {
      // Another caller renamed its copy into place first: theirs is the same content.
      if (await exists(target)) return target;
      throw err;
    }
    // Closed once in place (a folder that is not writable cannot be renamed, or removed on failure).
    for (const d of [...dirs, temp].sort((a, b) => b.length - a.length))
      await chmod(path.join(target, path.relative(temp, d)), 0o555);
    return target;
  } finally {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
  }
}
