// Disk used by a job's folders. There is no per-folder quota on ordinary file systems, so the sandbox
// measures the folders every few seconds and stops the job past its limit: a job can overshoot by
// what it writes between two checks, which is bounded by its memory and time limits anyway.
import { lstat, opendir } from 'node:fs/promises';
import path from 'node:path';

/** Bytes allocated on disk under `dir`, without following symbolic links. */
export async function folderSize(dir: string): Promise<number> {
  let total = 0;
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    const handle = await opendir(current).catch(() => null);
    if (!handle) continue;
    for await (const entry of handle) {
      const full = path.join(current, entry.name);
      const st = await lstat(full).catch(() => null);
      if (!st) continue;
      total += st.blocks * 512;
      if (st.isDirectory()) stack.push(full);
    }
  }
  return total;
}

/** Calls `onExceeded` once when the folders hold more than `bytes`; returns the function that stops watching. */
export function watchDisk(folders: string[], bytes: number, onExceeded: () => void, everyMs = 3000): () => void {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    const sizes = await Promise.all(folders.map(folderSize));
    busy = false;
    if (sizes.reduce((a, b) => a + b, 0) > bytes) {
      clearInterval(timer);
      onExceeded();
    }
  }, everyMs);
  return () => clearInterval(timer);
}
