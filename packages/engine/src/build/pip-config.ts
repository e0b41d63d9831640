// The machine's pip configuration, carried into the build sandbox. A build sees neither the host's
// pip.conf files nor its environment, yet a self-hosted machine often installs Python packages from
// a local index or mirror (`extra-index-url = file:///opt/pypi/simple`, `find-links = /opt/wheels`).
// Nimbus reads what pip itself reports (`pip config list`: the files and the PIP_* variables), passes
// each setting as a PIP_* variable, and mounts read-only the local folders and files the settings
// name, so `pip install` in the sandbox installs what it would on the host, and nothing else.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PipSettings {
  /** PIP_* variables for the build's environment. */
  env: Record<string, string>;
  /** Host path → the same path in the sandbox, read-only. */
  mounts: Record<string, string>;
}

/** `section.name='value'` lines of `pip config list`, as PIP_NAME variables (the section is dropped). */
export function pipEnvFrom(listing: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of listing.split('\n')) {
    const found = /^[^.=\s]*\.([\w-]+)='(.*)'$/.exec(line.trim());
    if (found) env[`PIP_${found[1]!.toUpperCase().replace(/-/g, '_')}`] = found[2]!;
  }
  return env;
}

/**
 * The local paths the settings name: `file://` URLs and absolute paths that exist. An index whose
 * URL ends in `/simple` links its files relative to its parent (`../../files/…`), so the parent is mounted.
 */
export function localPaths(env: Record<string, string>): string[] {
  const paths = new Set<string>();
  for (const value of Object.values(env))
    for (const word of value.split(/\s+/)) {
      let local = word.startsWith('file://') ? decodeURIComponent(new URL(word).pathname) : word;
      if (!path.isAbsolute(local)) continue;
      local = path.normalize(local).replace(/\/$/, '');
      if (path.basename(local) === 'simple') local = path.dirname(local);
      if (local !== '/' && existsSync(local)) paths.add(local);
    }
  return [...paths].sort();
}

let listing: Promise<Record<string, string>> | undefined;

/**
 * The settings of the python3 on Nimbus's PATH (its files read once per process, the PIP_* variables
 * of Nimbus's own environment at each call, as pip lets them win); none when it has no pip.
 */
export async function pipSettings(): Promise<PipSettings> {
  listing ??= run('python3', ['-m', 'pip', 'config', 'list'], { timeout: 30_000 })
    .then(({ stdout }) => pipEnvFrom(stdout))
    .catch(() => ({}));
  const env: Record<string, string> = { ...(await listing), PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1' };
  for (const [key, value] of Object.entries(process.env)) if (key.startsWith('PIP_') && value) env[key] = value;
  return { env, mounts: Object.fromEntries(localPaths(env).map((p) => [p, p])) };
}
