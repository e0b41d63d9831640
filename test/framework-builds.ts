// Framework apps built once per machine and shared by every test that needs them: a fixture under
// test/fixtures is copied to a folder named by the hash of its files, its dependencies installed and,
// on request, `vercel build` run there (as a developer would on their machine before
// `vercel deploy --prebuilt`). Later calls, from any test file or run, reuse the folder; a lock folder
// makes concurrent callers wait for one build.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withLock as lockFolder } from '../packages/engine/src/build/toolchain';

const run = promisify(execFile);
const FIXTURES = path.join(process.cwd(), 'test', 'fixtures');
export const VERCEL_BIN = path.join(process.cwd(), 'node_modules', 'vercel', 'dist', 'vc.js');
const ROOT = path.join(tmpdir(), 'nimbus-framework-builds');

async function filesOf(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesOf(dir, p)));
    else out.push(p);
  }
  return out.sort();
}

export async function hashOf(dir: string): Promise<string> {
  const hash = createHash('sha1');
  for (const file of await filesOf(dir)) hash.update(file).update(await readFile(path.join(dir, file)));
  return hash.digest('hex').slice(0, 12);
}

/** Builds of the same fixture wait for each other, up to 15 minutes (a cold Next.js build on a busy machine). */
export const withLock = <T>(lock: string, fn: () => Promise<T>) => lockFolder(lock, fn, 15);

/** The fixture's source files only (no dependencies, no build output), as a deployment would upload them. */
function fixtureSource(name: string): string {
  return path.join(FIXTURES, name);
}

/** The fixture's source as a deployment's files: path → content. */
export async function fixtureFiles(name: string): Promise<Record<string, Buffer>> {
  const dir = fixtureSource(name);
  const files: Record<string, Buffer> = {};
  for (const file of await filesOf(dir)) files[file] = await readFile(path.join(dir, file));
  return files;
}

/**
 * A copy of the fixture with its dependencies installed and, with `build`, `.vercel/output` made by
 * `vercel build`. `framework` is the project setting `.vercel/project.json` carries.
 */
export async function builtFixture(name: string, framework: string, build = true): Promise<string> {
  const source = fixtureSource(name);
  const dir = path.join(ROOT, `${name}-${await hashOf(source)}`);
  await mkdir(ROOT, { recursive: true });
  return withLock(`${dir}.lock`, async () => {
    if (!existsSync(path.join(dir, 'node_modules'))) {
      await rm(dir, { recursive: true, force: true });
      await cp(source, dir, { recursive: true });
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, timeout: 600_000 });
    }
    if (build && !existsSync(path.join(dir, '.vercel', 'output', 'config.json'))) {
      await mkdir(path.join(dir, '.vercel'), { recursive: true });
      await writeFile(
        path.join(dir, '.vercel', 'project.json'),
        JSON.stringify({
          projectId: 'prj_fixture',
          orgId: 'team_fixture',
          settings: { framework, nodeVersion: '22.x', buildCommand: null, outputDirectory: null, installCommand: null },
        }),
      );
      await run(process.execPath, [VERCEL_BIN, 'build', '--yes'], {
        cwd: dir,
        timeout: 600_000,
        env: {
          ...process.env,
          HOME: path.join(ROOT, 'home'),
          VERCEL_TELEMETRY_DISABLED: '1',
          NEXT_TELEMETRY_DISABLED: '1',
          ASTRO_TELEMETRY_DISABLED: '1',
        },
      });
    }
    return dir;
  });
}
