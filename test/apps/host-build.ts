// `vercel build` of an app on this machine, as a developer runs it before `vercel deploy --prebuilt`:
// the app's folder linked as `vercel pull` would link it (.vercel/project.json with the framework
// Vercel detects), on the Node.js and package manager Vercel's rules pick for it, from Nimbus's
// toolchain cache. Builds are kept in $TMPDIR under the hash of the app's files, the CLI version and
// the Node.js major, so later runs on the machine reuse them; a lock makes concurrent runs wait for one.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { prepareToolchain, type ToolNeeds, toolNeeds } from '@nimbus/engine/src/build/toolchain';
import { detectFramework, vercelCli } from '@nimbus/engine/src/build/vercel-build';
import { hashOf, withLock } from '../framework-builds';

const run = promisify(execFile);
const ROOT = path.join(tmpdir(), 'nimbus-apps-builds');

export interface HostBuild {
  /** The built app: `.vercel/output` beside the files its functions name. */
  dir: string;
  ok: boolean;
  /** Seconds `vercel build` took when it ran (a cached build reports its first run). */
  seconds: number;
  cached: boolean;
  log: string;
}

/**
 * Runs a command with its input closed, so a tool that would prompt fails instead of waiting (pnpm
 * waits for an answer on an open pipe). Resolves with its output and whether it exited with 0.
 */
export async function runCommand(
  file: string,
  args: string[],
  o: { cwd: string; env: Record<string, string | undefined>; timeout: number },
): Promise<{ ok: boolean; output: string }> {
  const running = run(file, args, { ...o, env: o.env as NodeJS.ProcessEnv, maxBuffer: 64 * 1024 * 1024 });
  running.child.stdin?.end();
  return running.then(
    (r) => ({ ok: true, output: `${r.stdout}\n${r.stderr}` }),
    (err: { stdout?: string; stderr?: string; message: string }) => ({
      ok: false,
      output: `${err.stdout ?? ''}\n${err.stderr ?? ''}\n${err.message}`,
    }),
  );
}

/** vercel.json of the app, which toolNeeds reads (bunVersion, functions). */
async function projectConfig(dir: string): Promise<Record<string, unknown>> {
  const text = await readFile(path.join(dir, 'vercel.json'), 'utf8').catch(() => null);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** The Node.js major and package manager Vercel's builders pick for the app in `dir`. */
export async function toolsOf(dir: string, nodeVersion: string | null): Promise<ToolNeeds> {
  return toolNeeds(vercelCli()!.script, dir, nodeVersion, await projectConfig(dir));
}

/** A developer's shell: none of the test runner's variables (NODE_ENV=test would change what apps build). */
function developerEnv(home: string, toolPath: string[]): Record<string, string> {
  const env: Record<string, string> = {
    PATH: [...toolPath, process.env.PATH ?? '/usr/bin:/bin'].join(':'),
    HOME: home,
    LANG: 'C.UTF-8',
    VERCEL_TELEMETRY_DISABLED: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    ASTRO_TELEMETRY_DISABLED: '1',
    NUXT_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
  };
  // The machine's own network settings: its proxy and the certificate authorities that proxy is signed by.
  for (const key of [
    'TMPDIR',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'NODE_EXTRA_CA_CERTS',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'npm_config_registry',
    'npm_config_cafile',
  ]) {
    if (process.env[key]) env[key] = process.env[key]!;
  }
  return env;
}

/** `vercel build` of the app whose source is in `source`, or the kept result of an earlier run. */
export async function hostBuild(name: string, source: string, nodeVersion: string | null): Promise<HostBuild> {
  const cli = vercelCli();
  if (!cli) throw new Error('node_modules/vercel is missing: run npm install');
  const needs = await toolsOf(source, nodeVersion);
  const dir = path.join(ROOT, `${name}-${await hashOf(source)}-${cli.version}-node${needs.node}`);
  const logFile = `${dir}.log`;
  const done = path.join(dir, '.vercel', 'nimbus-build.json');
  await mkdir(ROOT, { recursive: true });
  return withLock(`${dir}.lock`, async () => {
    if (existsSync(done)) {
      const { seconds } = JSON.parse(await readFile(done, 'utf8')) as { seconds: number };
      return { dir, ok: true, seconds, cached: true, log: await readFile(logFile, 'utf8').catch(() => '') };
    }
    await rm(dir, { recursive: true, force: true });
    await cp(source, dir, { recursive: true });
    const toolchain = await prepareToolchain(needs, { isolated: false });
    await mkdir(path.join(dir, '.vercel'), { recursive: true });
    await writeFile(
      path.join(dir, '.vercel', 'project.json'),
      JSON.stringify({
        projectId: 'prj_apps_matrix',
        orgId: 'team_apps_matrix',
        settings: {
          framework: await detectFramework(dir),
          nodeVersion: `${needs.node}.x`,
          buildCommand: null,
          installCommand: null,
          outputDirectory: null,
          rootDirectory: null,
          devCommand: null,
        },
      }),
    );
    const started = Date.now();
    const result = await runCommand(toolchain.node, [cli.script, 'build', '--yes'], {
      cwd: dir,
      timeout: 15 * 60_000,
      env: developerEnv(path.join(ROOT, 'home'), toolchain.path),
    });
    const seconds = Math.round((Date.now() - started) / 1000);
    const log = result.output;
    await writeFile(logFile, log);
    const ok = result.ok && existsSync(path.join(dir, '.vercel', 'output', 'config.json'));
    if (ok) await writeFile(done, JSON.stringify({ seconds }));
    return { dir, ok, seconds, cached: false, log };
  });
}
