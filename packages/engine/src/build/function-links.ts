// Where a link of a function leads once the function is written back out for its runner
// (functions/materialize.ts): the folder then holds exactly the function's stored files and links,
// so a link is judged against those, the way the kernel will follow it (each link on the way taken
// where it points, `..` after a link climbing from its target). pnpm installs a package as a link,
// `node_modules/hono` → `.pnpm/hono@4/node_modules/hono`, that `vercel build` maps in from the
// project while the package's files sit in the function itself: the link is sound in the function
// even when the project's copy of it points at nothing that was uploaded.
import type { FunctionFile } from '@nimbus/db';

/** A function's entries by path: files, and links by their text. */
export interface FunctionEntries {
  files: Map<string, FunctionFile>;
  links: Map<string, string>;
}

/** Every folder the entries imply ('' is the function's root). */
export function foldersOf(entries: FunctionEntries): Set<string> {
  const folders = new Set<string>(['']);
  for (const p of [...entries.files.keys(), ...entries.links.keys()])
    for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) {
      const folder = p.slice(0, i);
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  return folders;
}

/** Links followed at most to resolve one, the kernel's own bound (past it a path fails with ELOOP). */
const MAX_HOPS = 40;

/**
 * The function path the link at `at` leads to, following the function's other links; null when it
 * climbs out of the function, names nothing in it, or loops.
 */
export function linkTarget(entries: FunctionEntries, folders: Set<string>, at: string): string | null {
  return follow(entries, folders, at, { hops: 0 });
}

function follow(entries: FunctionEntries, folders: Set<string>, at: string, budget: { hops: number }): string | null {
  const text = entries.links.get(at);
  if (text === undefined || text.startsWith('/') || ++budget.hops > MAX_HOPS) return null;
  const parts = at.split('/').slice(0, -1);
  const steps = text.split('/').filter((s) => s && s !== '.');
  for (const [i, step] of steps.entries()) {
    if (step === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else {
      parts.push(step);
      const here = parts.join('/');
      if (entries.links.has(here)) {
        const to = follow(entries, folders, here, budget);
        if (to === null) return null;
        parts.splice(0, parts.length, ...(to ? to.split('/') : []));
      }
    }
    // Only a folder can be gone through.
    if (i < steps.length - 1 && !folders.has(parts.join('/'))) return null;
  }
  const end = parts.join('/');
  return entries.files.has(end) || folders.has(end) ? end : null;
}
