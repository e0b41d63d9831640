// The per-user CLI configuration (token, server, current team) in one JSON file. It holds a secret,
// so the folder is created 700 and the file written 600, whatever the umask.
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

export interface CliConfig {
  token?: string;
  api?: string;
  /** Team id used outside linked folders; unset means the user's default team. */
  currentTeam?: string;
}

/** `NIMBUS_CONFIG_DIR`, else `$XDG_CONFIG_HOME/nimbus`, else `~/.config/nimbus`. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NIMBUS_CONFIG_DIR) return path.resolve(env.NIMBUS_CONFIG_DIR);
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'nimbus');
}

const configFile = () => path.join(configDir(process.env), 'config.json');

export async function readConfig(): Promise<CliConfig> {
  try {
    return JSON.parse(await readFile(configFile(), 'utf8')) as CliConfig;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Could not read ${configFile()}: ${(err as Error).message}. Fix or delete the file.`);
  }
}

async function writeConfig(config: CliConfig): Promise<void> {
  const file = configFile();
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const clean = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
  if (Object.keys(clean).length === 0) return rm(file, { force: true });
  await writeFile(file, `${JSON.stringify(clean, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

export async function updateConfig(patch: Partial<CliConfig>): Promise<CliConfig> {
  const next = { ...(await readConfig()), ...patch };
  await writeConfig(next);
  return next;
}
