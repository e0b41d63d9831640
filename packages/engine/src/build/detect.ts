// Decides how to build a source tree: the framework (from package.json dependencies), the install
// command of the lockfile's package manager, the build command and the output folder. Settings of
// the project or the deployment win over detection. Without a build command the tree is static.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Framework } from '@nimbus/core';

export interface Command {
  argv: string[];
  display: string;
}

export interface PackageJson {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export interface BuildSettings {
  framework?: string | null;
  installCommand?: string | null;
  buildCommand?: string | null;
  outputDirectory?: string | null;
}

export interface BuildPlan {
  framework: string | null;
  install: Command | null;
  build: Command | null;
  /** Folders to try, in order, for the output; '.' is the source root itself. */
  outputCandidates: string[];
}

// Checked in this order: a Next.js or Astro app may depend on vite too. Other slugs of Vercel's list
// (@nimbus/core) get the generic output folders.
const FRAMEWORKS: { slug: Framework; dependency: string; output: string }[] = [
  { slug: 'nextjs', dependency: 'next', output: 'out' },
  { slug: 'astro', dependency: 'astro', output: 'dist' },
  { slug: 'create-react-app', dependency: 'react-scripts', output: 'build' },
  { slug: 'vite', dependency: 'vite', output: 'dist' },
];
const GENERIC_OUTPUTS = ['public', 'dist', 'build', 'out'];

export function detectFramework(pkg: PackageJson | null): string | null {
  const deps = { ...pkg?.dependencies, ...pkg?.devDependencies };
  return FRAMEWORKS.find((f) => deps[f.dependency])?.slug ?? null;
}

const shell = (command: string): Command => ({ argv: ['sh', '-c', command], display: command });
const args = (...argv: string[]): Command => ({ argv, display: argv.join(' ') });

/** The package manager named by the lockfile in `root`, as install and run-script commands. */
export function packageManager(root: string): { install: Command; run: (script: string) => Command } {
  if (existsSync(path.join(root, 'pnpm-lock.yaml'))) {
    return {
      install: args('corepack', 'pnpm', 'install', '--frozen-lockfile'),
      run: (s) => args('corepack', 'pnpm', 'run', s),
    };
  }
  if (existsSync(path.join(root, 'yarn.lock'))) {
    return { install: args('corepack', 'yarn', 'install'), run: (s) => args('corepack', 'yarn', 'run', s) };
  }
  const lock = existsSync(path.join(root, 'package-lock.json')) || existsSync(path.join(root, 'npm-shrinkwrap.json'));
  return { install: lock ? args('npm', 'ci') : args('npm', 'install'), run: (s) => args('npm', 'run', s) };
}

/** The install step: the project's install command, else the lockfile's package manager when there is a package.json. */
export function planInstall(root: string, pkg: PackageJson | null, settings: BuildSettings): Command | null {
  return settings.installCommand ? shell(settings.installCommand) : pkg ? packageManager(root).install : null;
}

export function planBuild(root: string, pkg: PackageJson | null, settings: BuildSettings): BuildPlan {
  const framework = settings.framework ?? detectFramework(pkg);
  const pm = packageManager(root);
  const build = settings.buildCommand ? shell(settings.buildCommand) : pkg?.scripts?.build ? pm.run('build') : null;
  if (!build) {
    const output = settings.outputDirectory ?? (existsSync(path.join(root, 'public')) ? 'public' : '.');
    return { framework, install: null, build: null, outputCandidates: [output] };
  }
  const install = planInstall(root, pkg, settings);
  const frameworkOutput = FRAMEWORKS.find((f) => f.slug === framework)?.output;
  const outputCandidates = settings.outputDirectory
    ? [settings.outputDirectory]
    : frameworkOutput
      ? [frameworkOutput]
      : GENERIC_OUTPUTS;
  return { framework, install, build, outputCandidates };
}
