// What a deployment's file list may hold. A request lists at most FILES_MAX files, and a deployment
// never serves the internals of a build: dependencies, framework caches, secrets and tool folders
// (docs/architecture.md, "The engine"). The API drops the tool folders from uploads (builds may read
// `.env`), builds leave all of them out of their output, and the edge refuses them in deployments
// stored before the rule.

/** Files in one deployment request, and in one unpacked `--archive=tgz` (Vercel's CLI limit is 15,000). */
export const FILES_MAX = 15_000;

/** Folders a build makes or a tool keeps; never uploaded for a build, never served. */
const TOOL_FOLDERS = new Set(['.git', '.vercel', '.next', 'node_modules']);

/** `.env`, `.env.local`, `.envrc` ...: secrets a build may read but a deployment never serves. */
const isEnvFile = (segment: string) => segment.startsWith('.env');

/** True when a path (no leading slash) lies in `.git/`, `.vercel/`, `.next/` or `node_modules/` at any depth. */
export function isToolPath(path: string): boolean {
  return path.split('/').some((segment) => TOOL_FOLDERS.has(segment));
}

/** The warning on a deployment whose output has no `index.html` at its top: its root URL is a 404. */
export const NO_ROOT_INDEX_WARNING =
  'No index.html at the top of the output: the root URL (/) of this deployment answers 404 unless a rewrite or redirect serves it. Add an index.html, or check the output directory.';

/** True when an output's paths (no leading slash) hold the page its root URL serves. */
export function hasRootIndex(paths: Iterable<string>): boolean {
  for (const p of paths) if (p === 'index.html') return true;
  return false;
}

/** True for every path a deployment must not serve: tool folders and `.env*` files, at any depth. */
export function isBuildInternal(path: string): boolean {
  return path.split('/').some((segment) => TOOL_FOLDERS.has(segment) || isEnvFile(segment));
}
