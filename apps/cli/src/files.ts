// The files a deploy sends: every regular file under the folder except dependencies, VCS data, link
// folders and local secrets (.env*), each with the SHA-1 the server stores it under (docs/vercel-compatibility.md).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit } from './limit';

export interface LocalFile {
  /** POSIX path relative to the deployed folder. */
  file: string;
  absolute: string;
  sha: string;
  size: number;
  mode: number;
}

const SKIP_DIRS = new Set(['node_modules', '.git', '.nimbus', '.vercel']);
const skipFile = (name: string) => name.startsWith('.env') || name === '.DS_Store';

async function walk(dir: string, found: string[]): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const absolute = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) await walk(absolute, found);
    } else if (entry.isFile() && !skipFile(entry.name)) {
      found.push(absolute);
    }
  }
}

export function sha1File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha1');
    createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Lists and hashes the folder, a few files at a time so big trees do not exhaust file handles. */
export async function collectFiles(root: string): Promise<LocalFile[]> {
  const paths: string[] = [];
  await walk(root, paths);
  paths.sort();
  return mapLimit(paths, 8, async (absolute) => {
    const info = await stat(absolute);
    return {
      file: path.relative(root, absolute).split(path.sep).join('/'),
      absolute,
      sha: await sha1File(absolute),
      size: info.size,
      mode: info.mode,
    };
  });
}
