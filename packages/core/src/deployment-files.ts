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

/** True for every path a deployment must not serve: tool folders and `.env*` files, at any depth. */
export function isBuildInternal(path: string): boolean {
  return path.split('/').some((segment) => TOOL_FOLDERS.has(segment) || isEnvFile(segment));
}
