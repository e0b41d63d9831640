// One build, start to end: write the source into a fresh temp dir, read the project config, run
// Vercel's builders (`vercel build`, vercel-build.ts) in the sandbox with the target's env vars only,
// and store the Build Output they write. Two shortcuts: a prebuilt tree (`vercel deploy --prebuilt`)
// is stored as it is, and plain files with nothing to build (no package.json, no framework, no
// functions) are stored directly, as the builders would copy them. Failures throw BuildError with a
// code and a message a person can act on.
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FunctionMemorySettings, hasRootIndex, NO_ROOT_INDEX_WARNING } from '@nimbus/core';
import {
  type BuildOutputRows,
  type Cipher,
  type Db,
  type Deployment,
  envForCustomEnvironment,
  envForTarget,
  listSourceFiles,
  type OutputFile,
  type Project,
  teamPlan,
  teamSandboxUid,
} from '@nimbus/db';
import { checkSandbox, type SandboxSettings, sandboxRefusal, teamHostUid } from '../sandbox';
import type { SizeLimits } from '../store/ingest';
import type { FileStore } from '../store/types';
import { ingestBuildOutput } from './build-output';
import { BuildError, materialize, readProjectConfig, storeOutput } from './files';
import { loweredMemoryLines } from './function-memory';
import type { LogWriter } from './log-writer';
import { runStep } from './run-step';
import { buildWithVercel, detectFramework, type Step } from './vercel-build';

export interface BuildInput {
  db: Db;
  store: FileStore;
  cipher: Cipher;
  deployment: Deployment;
  project: Project;
  /** Parent of the per-build temp dirs; never inside the data dir. */
  buildRoot: string;
  /** Package cache shared by the builds of one team, given to the team's host uid with the build's folder. */
  cacheDir: string;
  deployDomain: string;
  signal: AbortSignal;
  log: LogWriter;
  /** NIMBUS_BUILD_SANDBOX, _NETWORK, _MEMORY and _PROCESSES. */
  sandbox: SandboxSettings;
  /** NIMBUS_MAX_FILE_SIZE and NIMBUS_MAX_DEPLOYMENT_SIZE, held to a Build Output tree as a whole. */
  limits: SizeLimits;
  /** NIMBUS_FUNCTION_MEMORY and _MEMORY_MAX: the log says when a function will get less than it asks. */
  functionMemory: FunctionMemorySettings;
}

export interface BuildResult {
  outputs: OutputFile[];
  config: Record<string, unknown>;
  framework: string | null;
  /** A Build Output deployment's config, functions and prerenders; null for a static one. */
  buildOutput: BuildOutputRows | null;
  /** Sealed variables the deployment's functions get (Build Output deployments only). */
  runtimeEnv?: Record<string, string> | null;
}

/** Where `vercel deploy --prebuilt` puts the tree, relative to the uploaded folder. */
export const PREBUILT_CONFIG = '.vercel/output/config.json';

const PASS_THROUGH = [
  'NODE_EXTRA_CA_CERTS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'npm_config_registry',
];
/** The project's build settings (Vercel's names); null or absent leaves the choice to the builders. */
interface BuildSettings {
  framework?: string | null;
  installCommand?: string | null;
  buildCommand?: string | null;
  outputDirectory?: string | null;
}

interface PackageJson {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const SETTING_KEYS = ['framework', 'installCommand', 'buildCommand', 'outputDirectory', 'rootDirectory'] as const;

/** Project settings, then nimbus.json/vercel.json, then the deployment's own projectSettings. */
function effectiveSettings(layers: Record<string, unknown>[]): BuildSettings & { rootDirectory?: string | null } {
  const out: Record<string, string> = {};
  for (const layer of layers)
    for (const key of SETTING_KEYS) if (typeof layer[key] === 'string' && layer[key]) out[key] = layer[key] as string;
  return out;
}

export async function runBuild(input: BuildInput): Promise<BuildResult> {
  const { db, store, deployment, log, signal } = input;
  // The sandbox's host user must pass through the build root to its own folder, but not list the others.
  await mkdir(input.buildRoot, { recursive: true, mode: 0o711 });
  const dir = realpathSync(await mkdtemp(path.join(input.buildRoot, 'build-')));
  try {
    const src = path.join(dir, 'src');
    await Promise.all(['.home', 'tmp'].map((d) => mkdir(path.join(dir, d), { recursive: true })));
    const files = await listSourceFiles(db, deployment.id);
    const prebuilt = files.some((f) => f.path === PREBUILT_CONFIG);
    await materialize(store, files, src, { links: prebuilt });
    log.line('info', `Downloaded ${files.length} deployment files.`);
    if (prebuilt) {
      log.line('info', 'Prebuilt Build Output (.vercel/output): no install and no build, storing it as it is.');
      return await storeBuildOutput(input, path.join(src, '.vercel', 'output'), src, src, null);
    }

    const rootDirectory = effectiveSettings([input.project, deployment.projectSettings]).rootDirectory;
    const root = rootDirectory ? path.join(src, rootDirectory) : src;
    if (!existsSync(root))
      throw new BuildError(
        'ROOT_DIRECTORY_NOT_FOUND',
        `The root directory "${rootDirectory}" does not exist in the uploaded files. Fix it in the project settings.`,
      );
    const config = await readProjectConfig(root);
    const settings = effectiveSettings([input.project, config, deployment.projectSettings]);
    const pkg = await readPackageJson(root);
    const framework = settings.framework ?? (await detectFramework(root));
    const env = await buildEnv(input, dir);
    // Every step runs as the team's own host uid, so no other team's job shares an owner with its files.
    const hostUid = teamHostUid(input.sandbox.uidBase, await teamSandboxUid(db, deployment.teamId));
    Object.assign(env, { VERCEL_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0' });
    // A push's Ignored Build Step decides first, for plain files too.
    await ignoredBuildStep(input, { root, dir, env, hostUid }, config);
    if (!pkg && !framework && !needsBuilders(root, config, settings))
      return await storeStatic(input, root, dir, config, settings);

    const sandbox = await checkSandbox(input.sandbox);
    if (!sandbox.isolated && sandbox.refused)
      throw new BuildError('SANDBOX_UNAVAILABLE', sandboxRefusal(sandbox.reason));
    const step: Step = async (cmd, code, what, extras = {}) => {
      log.line('command', `Running "${cmd.display}"`);
      await mkdir(input.cacheDir, { recursive: true });
      const exit = await runStep({
        cwd: root,
        argv: cmd.argv,
        env: { ...extras.env, ...env, ...(extras.path ? { PATH: [...extras.path, env.PATH].join(':') } : {}) },
        hostUid,
        writable: [dir, input.cacheDir],
        readOnly: extras.readOnly,
        buildDir: dir,
        settings: input.sandbox,
        signal,
        onOutput: (s, text) => {
          const shown = extras.line ? extras.line(s, text) : { type: s, text };
          if (shown) log.line(shown.type, shown.text);
        },
      });
      if (signal.aborted) throw signal.reason;
      if (exit !== 0) {
        const failed = extras.failure?.(exit);
        if (failed) throw new BuildError(failed.code, failed.message);
        throw new BuildError(
          code,
          `Command "${cmd.display}" exited with ${exit}. Its output is in the build log: fix the ${what} and deploy again.`,
        );
      }
    };
    const built = await buildWithVercel({
      root,
      link: { ...settings, framework, projectId: input.project.id, teamId: input.project.teamId },
      nodeVersion: input.project.nodeVersion,
      config,
      production: deployment.target === 'production',
      isolated: sandbox.isolated,
      step,
      log,
    });
    const result = await storeBuildOutput(input, path.join(root, '.vercel', 'output'), root, src, built);
    return { ...result, config };
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Files that Vercel's builders turn into functions or build with a framework preset of another language. */
const BUILDER_INPUTS = ['api', 'requirements.txt', 'pyproject.toml', 'Pipfile', 'go.mod', 'Gemfile'];

function hasBuilderInput(root: string, config: Record<string, unknown>): boolean {
  return BUILDER_INPUTS.some((name) => existsSync(path.join(root, name))) || !!config.builds || !!config.functions;
}

/**
 * Whether a tree without package.json or a detected framework still needs the builders. The rest is
 * plain files, which `vercel build` would copy as they are into its static output: Nimbus stores them
 * directly and spares such a deployment the builders' start-up.
 */
function needsBuilders(root: string, config: Record<string, unknown>, settings: BuildSettings): boolean {
  return hasBuilderInput(root, config) || !!settings.buildCommand || !!settings.installCommand;
}

/** Plain files: the output directory setting, else `public` when it exists, else the root (Vercel's "Other" preset). */
async function storeStatic(
  input: BuildInput,
  root: string,
  dir: string,
  config: Record<string, unknown>,
  settings: BuildSettings,
): Promise<BuildResult> {
  const { log } = input;
  log.line('info', 'No build step: serving the files as they are.');
  const output = settings.outputDirectory ?? (existsSync(path.join(root, 'public')) ? 'public' : '.');
  const outDir = path.join(root, output);
  if (!(await stat(outDir).catch(() => null))?.isDirectory())
    throw new BuildError(
      'OUTPUT_MISSING',
      `The output directory "${output}" does not exist in the uploaded files. Fix it in the project settings.`,
    );
  const outputs = await storeOutput(input.db, input.store, input.deployment.teamId, outDir, dir);
  if (!outputs.length)
    throw new BuildError(
      'EMPTY_OUTPUT',
      `The output folder "${path.relative(root, outDir) || '.'}" is empty. Check the output directory setting.`,
    );
  log.line('info', `Stored ${outputs.length} output files.`);
  if (!hasRootIndex(outputs.map((o) => o.path))) log.line('warning', NO_ROOT_INDEX_WARNING);
  return { outputs, config, framework: null, buildOutput: null };
}

/** The deployment meta a push records (packages/db/src/queries/git.ts, GIT_META). */
const GIT_ENV: [string, string][] = [
  ['VERCEL_GIT_COMMIT_SHA', 'githubCommitSha'],
  ['VERCEL_GIT_COMMIT_REF', 'githubCommitRef'],
  ['VERCEL_GIT_COMMIT_MESSAGE', 'githubCommitMessage'],
  ['VERCEL_GIT_COMMIT_AUTHOR_NAME', 'githubCommitAuthorName'],
];

/**
 * Vercel's Ignored Build Step, for deployments of a git push: the project's
 * `commandForIgnoringBuildStep` (or `ignoreCommand` in vercel.json) runs in the sandbox at the root
 * directory; exit 0 skips the build (the deployment ends CANCELED), any other code builds.
 */
async function ignoredBuildStep(
  input: BuildInput,
  { root, dir, env, hostUid }: { root: string; dir: string; env: Record<string, string>; hostUid: number },
  config: Record<string, unknown>,
): Promise<void> {
  const { deployment, log, signal } = input;
  if (!deployment.meta.githubCommitSha) return;
  const layers = [
    { command: input.project.commandForIgnoringBuildStep },
    { command: config.ignoreCommand },
    { command: deployment.projectSettings.commandForIgnoringBuildStep },
  ];
  let command: string | null = null;
  for (const layer of layers) if (typeof layer.command === 'string' && layer.command.trim()) command = layer.command;
  if (!command) return;
  log.line('command', `Running Ignored Build Step "${command}"`);
  const exit = await runStep({
    cwd: root,
    argv: ['sh', '-c', command],
    env,
    hostUid,
    writable: [dir],
    buildDir: dir,
    settings: input.sandbox,
    signal,
    onOutput: (s, text) => log.line(s, text),
  });
  if (signal.aborted) throw signal.reason;
  if (exit === 0)
    throw new BuildError(
      BUILD_IGNORED,
      'The Ignored Build Step exited with 0: this commit is not built. The deployment was canceled.',
    );
  log.line('info', `The Ignored Build Step exited with ${exit}: building.`);
}

/** The code runBuild throws when the Ignored Build Step skips the build (the worker cancels the deployment). */
export const BUILD_IGNORED = 'BUILD_IGNORED';

/** Reads a Build Output tree into the store and logs what it holds. */
async function storeBuildOutput(
  input: BuildInput,
  outputDir: string,
  projectRoot: string,
  treeRoot: string,
  framework: string | null,
): Promise<BuildResult> {
  const { outputs, buildOutput } = await ingestBuildOutput({
    db: input.db,
    store: input.store,
    teamId: input.deployment.teamId,
    outputDir,
    projectRoot,
    treeRoot,
    limits: input.limits,
  });
  const bundles = new Set(buildOutput.functions.map((f) => f.bundle)).size;
  input.log.line(
    'info',
    `Stored ${outputs.length} static files and ${buildOutput.functions.length} functions (${bundles} distinct): ${
      buildOutput.functions
        .map((f) => f.path)
        .slice(0, 20)
        .join(', ') || 'none'
    }.`,
  );
  if (buildOutput.prerenders.length)
    input.log.line('info', `Stored ${buildOutput.prerenders.length} prerendered pages.`);
  if (buildOutput.functions.some((f) => f.config.memory !== undefined)) {
    const plan = await teamPlan(input.db, input.deployment.teamId);
    for (const line of loweredMemoryLines(buildOutput.functions, plan, input.functionMemory))
      input.log.line('warning', line);
  }
  return {
    outputs,
    config: {},
    framework: framework ?? buildOutput.config.framework?.slug ?? null,
    buildOutput,
    runtimeEnv: await runtimeEnvOf(input),
  };
}

/** The variables functions get, sealed: the target's (or custom environment's), then the deployment's `-e` values. */
async function runtimeEnvOf(input: BuildInput): Promise<Record<string, string>> {
  const { deployment, cipher } = input;
  const vars = deployment.customEnvironmentId
    ? await envForCustomEnvironment(input.db, cipher, deployment.projectId, deployment.customEnvironmentId)
    : await envForTarget(input.db, cipher, deployment.projectId, deployment.target);
  const sealed = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, cipher.encrypt(v)] as const));
  return { ...sealed, ...deployment.env };
}

async function readPackageJson(root: string): Promise<PackageJson | null> {
  const text = await readFile(path.join(root, 'package.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as PackageJson;
  } catch (err) {
    throw new BuildError(
      'INVALID_PACKAGE_JSON',
      `package.json is not valid JSON (${(err as Error).message}). Fix it and deploy again.`,
    );
  }
}

/** A clean environment: system basics, our markers, the env vars of this target only, and the deployment's `--build-env`. */
async function buildEnv(input: BuildInput, dir: string): Promise<Record<string, string>> {
  const { deployment } = input;
  const vars = deployment.customEnvironmentId
    ? await envForCustomEnvironment(input.db, input.cipher, deployment.projectId, deployment.customEnvironmentId)
    : await envForTarget(input.db, input.cipher, deployment.projectId, deployment.target);
  const url = `${deployment.host}.${input.deployDomain}`;
  const env: Record<string, string> = {
    LANG: 'C.UTF-8',
    NIMBUS: '1',
    VERCEL: '1',
    NIMBUS_ENV: deployment.target,
    VERCEL_ENV: deployment.target,
    NIMBUS_URL: url,
    VERCEL_URL: url,
  };
  for (const key of PASS_THROUGH) if (process.env[key]) env[key] = process.env[key]!;
  // pnpm 9.7+ would fetch the exact version `packageManager` names; the image's major runs instead, as on Vercel.
  await mkdir(path.join(dir, '.config', 'pnpm'), { recursive: true });
  await writeFile(path.join(dir, '.config', 'pnpm', 'rc'), 'manage-package-manager-versions=false\n');
  if (deployment.meta.githubCommitSha) {
    env.VERCEL_GIT_PROVIDER = 'nimbus';
    for (const [name, key] of GIT_ENV) if (deployment.meta[key]) env[name] = deployment.meta[key]!;
  }
  const own = Object.fromEntries(
    Object.entries(deployment.buildEnv).map(([k, v]) => [k, input.cipher.decrypt(v)] as const),
  );
  Object.assign(env, vars, own, {
    PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: path.join(dir, '.home'),
    TMPDIR: path.join(dir, 'tmp'),
    CI: '1',
    // Each package manager's download cache in the team's cache folder, so a second build installs
    // offline: npm's cache, pnpm's store (under XDG_DATA_HOME), yarn's, bun's and pip's caches.
    npm_config_cache: input.cacheDir,
    XDG_DATA_HOME: path.join(input.cacheDir, 'data'),
    XDG_CONFIG_HOME: path.join(dir, '.config'),
    YARN_CACHE_FOLDER: path.join(input.cacheDir, 'yarn'),
    BUN_INSTALL_CACHE_DIR: path.join(input.cacheDir, 'bun'),
    PIP_CACHE_DIR: path.join(input.cacheDir, 'pip'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    COREPACK_ENABLE_DOWNLOAD_PROMPT: '0',
  });
  return env;
}
