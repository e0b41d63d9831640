// What every command needs to talk to the server: the API origin (--api, else the stored one, else
// localhost), the token (NIMBUS_TOKEN over the stored one), one fetch helper, and the team in scope.

import { type ApiFetch, createFetcher } from '@nimbus/client';
import type { Command } from 'commander';
import { type CliConfig, readConfig } from './config';
import { CliError } from './errors';

export const DEFAULT_API = 'http://localhost:3000';

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

function normalizeApi(api: string): string {
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
  return createFetcher({ baseUrl: api, token, prefix: false, headers: { 'user-agent': 'nimbus-cli' } });
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
