// What every command needs to talk to the server: the API origin (--api, else the stored one, else
// the server this CLI was installed from, else localhost), the token (NIMBUS_TOKEN over the stored one), one fetch helper, and the team in scope.

import { type ApiFetch, createFetcher } from '@nimbus/client';
import { CLI_VERSION_HEADER } from '@nimbus/core/src/cli-install';
import type { Command } from 'commander';
import { type CliConfig, readConfig } from './config';
import { CliError } from './errors';
import { INSTALLED_FROM } from './package-info';

/** The server whose /cli/nimbus.tgz installed this CLI; localhost:3000 in a repository checkout. */
export const DEFAULT_API = INSTALLED_FROM ?? 'http://localhost:3000';

let announced: { api: string; version: string } | null = null;

/** The CLI version the server announced on its last reply (`x-nimbus-cli-version`), if any. */
export function serverCliVersion(): { api: string; version: string } | null {
  return announced;
}

export interface Session {
  api: string;
  config: CliConfig;
  token: string | undefined;
  /** Calls root paths (`/v2/user`), throws ApiError with the server's envelope message. */
  fetch: ApiFetch;
}

interface GlobalOptions {
  api?: string;
}

export function normalizeApi(api: string): string {
  let url: URL;
  try {
    url = new URL(api);
  } catch {
    throw new CliError(`"${api}" is not a URL. Pass the server's origin, for example --api http://localhost:3000.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`--api must start with http:// or https://, not "${url.protocol}".`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

export function fetcherFor(api: string, token?: string): ApiFetch {
  const remember: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const version = res.headers.get(CLI_VERSION_HEADER);
    if (version) announced = { api, version };
    return res;
  };
  return createFetcher({
    baseUrl: api,
    token,
    prefix: false,
    headers: { 'user-agent': 'nimbus-cli' },
    fetch: remember,
  });
}

export async function openSession(command: Command): Promise<Session> {
  const config = await readConfig();
  const options = command.optsWithGlobals<GlobalOptions>();
  const api = normalizeApi(options.api ?? config.api ?? DEFAULT_API);
  const token = process.env.NIMBUS_TOKEN || config.token;
  return { api, config, token, fetch: fetcherFor(api, token) };
}

/** A session that has a token; without one, says how to get one instead of calling the server. */
export async function authedSession(command: Command): Promise<Session & { token: string }> {
  const session = await openSession(command);
  if (!session.token) throw new CliError('You are not logged in. Run `nimbus login`, or set NIMBUS_TOKEN.');
  return session as Session & { token: string };
}

/** `?teamId=` for scoped calls: the given team, else the current one; none means the default team. */
export function teamQuery(session: Session, teamId?: string): { teamId?: string } {
  const id = teamId ?? session.config.currentTeam;
  return id ? { teamId: id } : {};
}
