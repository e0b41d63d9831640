// What this copy of the CLI knows about itself: its version (package.json), and the server it was
// installed from (server.json, written into the tarball by that server's /cli/nimbus.tgz). Both files
// sit one folder up from src/ (tsx) and from dist/ (the bundle), so the same paths work for both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package folder: apps/cli in a checkout, `<prefix>/lib/node_modules/nimbus-cli` when installed. */
export const PACKAGE_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(path.join(PACKAGE_ROOT, file), 'utf8')) as T;
  } catch {
    return null;
  }
}

export const VERSION = readJson<{ version: string }>('package.json')?.version ?? '0.0.0';

/** The origin of the server this CLI was installed from, or null (a repository checkout). */
export const INSTALLED_FROM: string | null = (() => {
  const url = readJson<{ url?: unknown }>('server.json')?.url;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url.replace(/\/+$/, '') : null;
})();

/**
 * Compares two versions `major.minor.patch[-pre]` by their numbers; a pre-release sorts before its
 * release. Negative when a < b, 0 when equal, positive when a > b.
 */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [main = '', pre] = v.trim().replace(/^v/, '').split('-', 2);
    return { parts: main.split('.').map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const diff = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (diff) return diff;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/**
 * The npm prefix this package was installed into with `npm install -g` (`<prefix>/lib/node_modules/
 * nimbus-cli` on Linux and macOS), so `nimbus upgrade` reinstalls in the same place; null otherwise.
 */
export function installPrefix(root = PACKAGE_ROOT): string | null {
  const modules = path.dirname(root);
  if (path.basename(modules) !== 'node_modules') return null;
  const lib = path.dirname(modules);
  return path.basename(lib) === 'lib' ? path.dirname(lib) : null;
}
