// Which source deployments need server output, and so the official builders (`vercel build`) rather
// than Nimbus's static plan: frameworks whose apps run code per request, and zero-config functions
// under `api/`. A Next.js app that sets `output: 'export'` stays static, as before.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PackageJson } from './detect';

/** Framework slugs (Vercel's) whose builds write functions. */
const SERVER_FRAMEWORKS = new Set(['sveltekit', 'sveltekit-1', 'nuxtjs', 'remix']);
/** The same frameworks found by their package when the project names none. */
const SERVER_DEPENDENCIES: Record<string, string> = {
  '@sveltejs/kit': 'sveltekit',
  nuxt: 'nuxtjs',
  '@remix-run/dev': 'remix',
};
const NEXT_CONFIGS = ['next.config.js', 'next.config.mjs', 'next.config.cjs', 'next.config.ts'];
const STATIC_EXPORT = /\boutput\s*:\s*['"`]export['"`]/;
/** What Vercel's zero-config detection takes as a function: `api/**` scripts, not `_` or `.` names or types. */
const FUNCTION_FILE = /^(?![_.]).*(?<!\.d)\.(js|mjs|cjs|ts)$/;

export interface ServerOutput {
  /** The framework to build with (may differ from the static plan's when found by its package). */
  framework: string | null;
  /** Why the build runs `vercel build`, for the log. */
  reason: string;
}

/** Null when the static plan serves the tree; else the framework and the reason for `vercel build`. */
export async function serverOutput(
  root: string,
  framework: string | null,
  pkg: PackageJson | null,
): Promise<ServerOutput | null> {
  const deps = { ...pkg?.dependencies, ...pkg?.devDependencies };
  // SvelteKit and Remix apps depend on vite too, so detection alone calls them Vite: their own package wins.
  const byPackage = Object.entries(SERVER_DEPENDENCIES).find(([dep]) => deps[dep])?.[1] ?? null;
  const found = framework && framework !== 'vite' ? framework : (byPackage ?? framework);
  if (found === 'nextjs' && !(await isStaticExport(root)))
    return { framework: found, reason: 'Next.js with server output' };
  if (found && SERVER_FRAMEWORKS.has(found)) return { framework: found, reason: `${found} with server output` };
  if (found === 'astro' && deps['@astrojs/vercel'])
    return { framework: found, reason: 'Astro with the @astrojs/vercel adapter' };
  const functions = await apiFunctions(path.join(root, 'api'));
  if (functions) return { framework: found, reason: `${functions} function file(s) under api/` };
  return null;
}

async function isStaticExport(root: string): Promise<boolean> {
  for (const name of NEXT_CONFIGS) {
    const text = await readFile(path.join(root, name), 'utf8').catch(() => null);
    if (text !== null) return STATIC_EXPORT.test(text);
  }
  return false;
}

/** How many function files `api/` holds, at any depth. */
async function apiFunctions(dir: string, depth = 0): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let count = 0;
  for (const e of entries) {
    if (e.isDirectory() && depth < 16 && !e.name.startsWith('.') && e.name !== 'node_modules')
      count += await apiFunctions(path.join(dir, e.name), depth + 1);
    else if (e.isFile() && FUNCTION_FILE.test(e.name)) count += 1;
  }
  return count;
}
