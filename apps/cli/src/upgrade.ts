// `nimbus upgrade`: reinstall the CLI from the server's /cli/nimbus.tgz when the server hands out a
// newer version (npm, with an argument array, into the prefix this copy was installed in). And the
// once-per-version notice after a command when the server's replies announce a newer CLI.
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CLI_VERSION_PATH, cliInstallCommand, cliTarballUrl } from '@nimbus/core/src/cli-install';
import type { Command } from 'commander';
import { configDir } from './config';
import { CliError } from './errors';
import { err, info, out } from './output';
import { compareVersions, installPrefix, VERSION } from './package-info';
import { openSession, serverCliVersion } from './session';

const NOTICE_FILE = 'upgrade-notice.json';

/** The version of the CLI the server at `api` hands out (GET /cli/version). */
export async function serverVersion(api: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${api}${CLI_VERSION_PATH}`, {
      headers: { accept: 'application/json', 'user-agent': 'nimbus-cli' },
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new CliError(
      `Could not reach the Nimbus server at ${api}. Is it running? Pass --api <url> for another server.`,
    );
  }
  const body = (await res.json().catch(() => null)) as { version?: unknown; error?: { message?: string } } | null;
  if (!res.ok || typeof body?.version !== 'string')
    throw new CliError(
      `The server at ${api} does not hand out the nimbus CLI (${body?.error?.message ?? `HTTP ${res.status}`}).`,
    );
  return body.version;
}

/** The npm arguments that reinstall from `api`, in this copy's own prefix when it has one. */
export function upgradeArgs(api: string, prefix = installPrefix()): string[] {
  return ['install', '--global', ...(prefix ? ['--prefix', prefix] : []), cliTarballUrl(api)];
}

function runNpm(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // npm's own output goes to stderr: stdout stays for results.
    const child = spawn('npm', args, { stdio: ['ignore', 2, 2] });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new CliError(
          error.code === 'ENOENT'
            ? `npm was not found on PATH. Install Node.js 20 or later with npm, then run: npm ${args.join(' ')}`
            : `Could not run npm: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new CliError(`npm ${args.join(' ')} failed with exit status ${code}.`)),
    );
  });
}

export function registerUpgrade(program: Command): void {
  program
    .command('upgrade')
    .description("Install the server's newer nimbus, when it has one (npm install -g <server>/cli/nimbus.tgz)")
    .option('--force', 'reinstall even when this version is already the newest')
    .addHelpText('after', '\nExamples:\n  nimbus upgrade\n  nimbus --api https://nimbus.example.com upgrade --force')
    .action(async (options: { force?: boolean }, command: Command) => {
      const { api } = await openSession(command);
      const latest = await serverVersion(api);
      if (!options.force && compareVersions(latest, VERSION) <= 0) {
        info(`nimbus ${VERSION} is up to date (${api} hands out ${latest}).`);
        return;
      }
      info(`Installing nimbus ${latest} from ${cliTarballUrl(api)} ...`);
      await runNpm(upgradeArgs(api));
      info(`${out.green('Installed')} nimbus ${latest}${latest === VERSION ? '' : ` (was ${VERSION})`}.`);
    });
}

/**
 * After a command: when the server's replies announced a newer CLI than this one, say so once per
 * version (remembered in the config dir), on stderr. Never fails the command.
 */
export async function noticeNewerVersion(): Promise<void> {
  const announced = serverCliVersion();
  if (!announced || compareVersions(announced.version, VERSION) <= 0) return;
  const file = path.join(configDir(), NOTICE_FILE);
  try {
    const seen = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as { version?: string };
    if (seen.version === announced.version) return;
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, `${JSON.stringify({ version: announced.version, shownAt: new Date().toISOString() })}\n`);
  } catch {
    return; // an unreadable or read-only config dir: no notice rather than a failed command
  }
  info(
    err.yellow(
      `A newer nimbus is available (${VERSION} → ${announced.version}): run \`nimbus upgrade\`, or ${cliInstallCommand(announced.api)}`,
    ),
  );
}
