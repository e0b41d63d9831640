// Every source deployment with something to build goes through Vercel's own builders: `vercel build`
// in the sandbox, with the project's settings in `.vercel/project.json` (as `vercel pull` writes
// them, so the CLI asks nothing of an API), on the Node.js major and package manager the build image
// provides (toolchain.ts). Framework detection, install and build commands, output folders,
// zero-config functions and every framework preset are Vercel's; an app whose own build writes
// `.vercel/output` (SolidStart, Nitro presets) is taken as it is by the builders.
//
// The `vercel` package is the one in Nimbus's own node_modules, mounted read-only at the same path,
// so `vc.js` finds its own dependencies and the build needs no download of the CLI.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogType } from '@nimbus/db';
import { frameworkList } from '@vercel/frameworks';
import { detectFrameworkRecord, LocalFileSystemDetector } from '@vercel/fs-detectors';
import { BuildError } from './files';
import type { LogWriter } from './log-writer';
import { pipSettings } from './pip-config';
import type { Command } from './run-step';
import { prepareToolchain, toolNeeds } from './toolchain';

export interface VercelCli {
  /** `<vercel>/dist/vc.js`. */
  script: string;
  /** The node_modules folder that holds `vercel` and its hoisted dependencies, mounted read-only. */
  modules: string;
  version: string;
  /** The folder of the `@vercel/python` the CLI loads, where Nimbus's Python builder is mounted instead. */
  python: string | null;
}

/** Nimbus's Python builder (python-builder/index.js says why it replaces Vercel's). */
const PYTHON_BUILDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'python-builder');

let found: VercelCli | null | undefined;

/** Where the `vercel` package is, or null when Nimbus was installed without it. */
export function vercelCli(): VercelCli | null {
  if (found !== undefined) return found;
  try {
    const pkg = createRequire(import.meta.url).resolve('vercel/package.json');
    const script = path.join(path.dirname(pkg), 'dist', 'vc.js');
    const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
    let python: string | null = null;
    try {
      python = path.dirname(createRequire(script).resolve('@vercel/python/package.json'));
    } catch {
      // a CLI without the Python builder builds no Python
    }
    found = existsSync(script) ? { script, modules: path.dirname(path.dirname(pkg)), version, python } : null;
  } catch {
    found = null;
  }
  return found;
}

/** The framework preset Vercel detects in `root` (its slug), or null for none. */
export async function detectFramework(root: string): Promise<string | null> {
  const record = await detectFrameworkRecord({ fs: new LocalFileSystemDetector(root), frameworkList }).catch(
    () => null,
  );
  return record?.slug ?? null;
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
async function linkProject(root: string, link: ProjectLink, nodeVersion: string): Promise<void> {
  await mkdir(path.join(root, '.vercel'), { recursive: true });
  const settings = {
    framework: link.framework,
    nodeVersion,
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

/** Options of one sandboxed step beyond its command. */
export interface StepExtras {
  /** Host folder → sandbox path, read-only. */
  readOnly?: Record<string, string>;
  /** Folders put on PATH before the system's. */
  path?: string[];
  /** Variables added to the build's environment. */
  env?: Record<string, string>;
  /** Rewrites or drops (null) a line of output before the log stores it. */
  line?: (stream: 'stdout' | 'stderr', text: string) => { type: LogType; text: string } | null;
  /** The message of a failed step, from the lines it printed. */
  failure?: (exit: number | null) => { code: string; message: string } | null;
}

/** Runs one sandboxed step of the build; throws BuildError when it fails. */
export type Step = (cmd: Command, code: string, what: string, extras?: StepExtras) => Promise<void>;

/** The CLI's lines about itself, which say nothing to a Nimbus user (the log's own first lines say what builds). */
const CLI_NOISE = [
  /^Vercel CLI \d/,
  /^WARNING! Build not running on Vercel/,
  /^> NOTE: The Vercel CLI now collects telemetry/,
  /^> This information is used to shape the CLI roadmap/,
  /^> You can learn more, including how to opt-out/,
  /^> https:\/\/vercel\.com\/docs\/cli\/about-telemetry/,
];
/** The CLI's progress lines, which it prints on stderr: not warnings. */
const CLI_PROGRESS = [
  /^Build Completed in /,
  /^Installing dependencies\.\.\.$/,
  /^Detected `[^`]+` \d/,
  /^Using (pnpm|yarn|bun|npm)@/,
];
/** The builders' own step lines (`Running "npm run build"`), shown as steps of the build with their durations. */
const BUILDER_STEP = /^Running "(install" command: .+|[^"]+")$/;
const FAILED_COMMAND = /Command "(.+)" exited with (\d+)/;
// Colour codes start with the escape character.
const ANSI = /\x1b\[[0-9;]*m/g;
const BUILDER_ERROR = /^Error: (?:\[[A-Z0-9_]+\] )?(.+)$/;

/** `vercel build` in the sandbox, which writes `.vercel/output` in `root`. Returns the framework it built. */
export async function buildWithVercel(o: {
  root: string;
  link: ProjectLink;
  /** The project's Node.js setting (`24.x`), if any. */
  nodeVersion: string | null;
  config: Record<string, unknown>;
  production: boolean;
  isolated: boolean;
  step: Step;
  log: LogWriter;
}): Promise<string | null> {
  const cli = vercelCli();
  if (!cli)
    throw new BuildError(
      'BUILDER_UNAVAILABLE',
      'This Nimbus was installed without the vercel package, whose builders build apps. Reinstall Nimbus with its dependencies.',
    );
  const framework = o.link.framework ?? (await detectFramework(o.root));
  o.log.line('info', framework ? `Detected framework: ${framework}.` : 'No framework detected: building as "Other".');
  const needs = await toolNeeds(cli.script, o.root, o.nodeVersion, o.config);
  o.log.line('info', `Build image: ${needs.summary}.`);
  const started = Date.now();
  let fetched = false;
  const toolchain = await prepareToolchain(needs, {
    isolated: o.isolated,
    onInstall: (spec) => {
      fetched = true;
      o.log.line('info', `Fetching ${spec} from the npm registry into the build image (first use on this server).`);
    },
  });
  if (fetched) o.log.line('info', `Build image ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await linkProject(o.root, { ...o.link, framework }, `${needs.node}.x`);

  const pip = await pipSettings();
  const printed: string[] = [];
  const buildStarted = Date.now();
  await o.step(
    {
      argv: [toolchain.node, cli.script, 'build', '--yes', ...(o.production ? ['--prod'] : [])],
      display: `vercel build${o.production ? ' --prod' : ''}`,
    },
    'BUILD_FAILED',
    'build',
    {
      readOnly: {
        ...toolchain.mounts,
        ...pip.mounts,
        [cli.modules]: cli.modules,
        // After the CLI's folder, so it covers the @vercel/python inside it.
        ...(cli.python ? { [PYTHON_BUILDER]: cli.python } : {}),
      },
      path: toolchain.path,
      env: pip.env,
      line: (stream, text) => {
        if (CLI_NOISE.some((re) => re.test(text))) return null;
        // Matched without colour codes, which a tool may leave at the start of the next line.
        printed.push(text.replace(ANSI, ''));
        if (printed.length > 200) printed.shift();
        if (BUILDER_STEP.test(text)) return { type: 'command', text };
        return { type: stream === 'stderr' && CLI_PROGRESS.some((re) => re.test(text)) ? 'stdout' : stream, text };
      },
      failure: () => {
        // The command of the builders that failed, as they report it: `Command "npm run build" exited with 3`.
        const failed = printed.map((l) => FAILED_COMMAND.exec(l)).findLast(Boolean);
        if (!failed) {
          // Else the builders' own error, such as a missing output directory, which says what to change.
          const error = printed.map((l) => BUILDER_ERROR.exec(l)).findLast(Boolean);
          return error ? { code: 'BUILD_FAILED', message: error[1]!.trim() } : null;
        }
        const install = /\binstall\b|^(npm|pnpm|yarn|bun) i\b|\bci$/.test(failed[1]!);
        return {
          code: install ? 'INSTALL_FAILED' : 'BUILD_FAILED',
          message: `Command "${failed[1]}" exited with ${failed[2]}. Its output is in the build log: fix the ${install ? 'dependencies' : 'build'} and deploy again.`,
        };
      },
    },
  );
  o.log.line('info', `vercel build (${cli.version}) finished in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s.`);
  return framework;
}
