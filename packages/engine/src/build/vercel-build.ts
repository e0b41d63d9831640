// Running the official builders (`vercel build`) in the sandbox. The `vercel` package is the one in
// Nimbus's own node_modules: its folder is mounted read-only at the same path, so `vc.js` finds its
// own dependencies and the hoisted ones beside it, and the build needs no download of the CLI.
// `.vercel/project.json` holds the project's settings, so the CLI runs offline (no `vercel pull`).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_NODE_VERSION } from '@nimbus/core';
import type { Command } from './detect';
import { BuildError } from './files';
import type { LogWriter } from './log-writer';

export interface VercelCli {
  /** `node <vercel>/dist/vc.js`. */
  script: string;
  /** The node_modules folder that holds `vercel` and its hoisted dependencies, mounted read-only. */
  modules: string;
}

let found: VercelCli | null | undefined;

/** Where the `vercel` package is, or null when Nimbus was installed without it. */
export function vercelCli(): VercelCli | null {
  if (found !== undefined) return found;
  try {
    const pkg = createRequire(import.meta.url).resolve('vercel/package.json');
    const script = path.join(path.dirname(pkg), 'dist', 'vc.js');
    found = existsSync(script) ? { script, modules: path.dirname(path.dirname(pkg)) } : null;
  } catch {
    found = null;
  }
  return found;
}

export interface ProjectLink {
  projectId: string;
  teamId: string;
  framework: string | null;
  buildCommand?: string | null;
  installCommand?: string | null;
  outputDirectory?: string | null;
}

/** Writes `.vercel/project.json` as `vercel pull` would, so `vercel build` asks nothing of an API. */
async function linkProject(root: string, link: ProjectLink, nodeVersion: string | null): Promise<void> {
  await mkdir(path.join(root, '.vercel'), { recursive: true });
  const settings = {
    framework: link.framework,
    nodeVersion: nodeVersion || DEFAULT_NODE_VERSION,
    buildCommand: link.buildCommand ?? null,
    installCommand: link.installCommand ?? null,
    outputDirectory: link.outputDirectory ?? null,
    rootDirectory: null,
    devCommand: null,
  };
  await writeFile(
    path.join(root, '.vercel', 'project.json'),
    JSON.stringify({ projectId: link.projectId, orgId: link.teamId, settings }),
  );
}

/** `vercel build --yes` (with `--prod` for production), run by the node that runs Nimbus. */
function vercelBuildCommand(cli: VercelCli, production: boolean): Command {
  const argv = [process.execPath, cli.script, 'build', '--yes', ...(production ? ['--prod'] : [])];
  return { argv, display: `vercel build${production ? ' --prod' : ''}` };
}

/** Runs one sandboxed step of the build; throws BuildError when it fails. */
export type Step = (cmd: Command, code: string, what: string, readOnly?: Record<string, string>) => Promise<void>;

/** Install (as any build), link the project, then `vercel build`, which writes `.vercel/output` in `root`. */
export async function buildWithVercel(o: {
  root: string;
  install: Command | null;
  link: ProjectLink;
  nodeVersion: string | null;
  production: boolean;
  step: Step;
  log: LogWriter;
}): Promise<void> {
  const cli = vercelCli();
  if (!cli)
    throw new BuildError(
      'BUILDER_UNAVAILABLE',
      'This Nimbus was installed without the vercel package, which builds apps with server output. Reinstall Nimbus with its dependencies, or deploy a static export.',
    );
  if (o.install) await o.step(o.install, 'INSTALL_FAILED', 'dependencies');
  await linkProject(o.root, o.link, o.nodeVersion);
  const started = Date.now();
  await o.step(vercelBuildCommand(cli, o.production), 'BUILD_FAILED', 'build', { [cli.modules]: cli.modules });
  o.log.line('info', `vercel build finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
