// `nimbus login` (device flow, or --token), `logout` and `whoami`. The device flow needs no
// password in the terminal: the person approves the code in a browser where they are signed in.
import { hostname } from 'node:os';
import { ApiError } from '@nimbus/client';
import type { Command } from 'commander';
import { readConfig, updateConfig } from './config';
import { CliError } from './errors';
import { err, info, out, print } from './output';
import { authedSession, fetcherFor, openSession, type Session, teamQuery } from './session';

interface DeviceCode {
  device_code: string;
  user_code: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

interface User {
  id: string;
  username: string;
  email: string;
  defaultTeamId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function deviceLogin(session: Session): Promise<{ token: string; teamId: string | null }> {
  const code = await session.fetch<DeviceCode>('/v1/device/code', {
    method: 'POST',
    body: { client_name: hostname() },
  });
  info(`Open ${err.cyan(code.verification_uri_complete)} in a browser where you are signed in,`);
  info(`check that it shows the code ${err.bold(code.user_code)}, and approve.`);
  info(err.dim('Waiting for approval...'));
  const deadline = Date.now() + code.expires_in * 1000;
  let interval = code.interval;
  while (Date.now() < deadline) {
    await sleep(interval * 1000);
    try {
      const reply = await session.fetch<{ token: string; team_id: string | null }>('/v1/device/token', {
        method: 'POST',
        body: { device_code: code.device_code },
      });
      return { token: reply.token, teamId: reply.team_id };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'slow_down') interval += 5;
      else if (error.code === 'access_denied') throw new CliError('The login was denied in the browser.');
      else if (error.code === 'expired_token') break;
      else if (error.code !== 'authorization_pending') throw error;
    }
  }
  throw new CliError('The code expired before it was approved. Run `nimbus login` again.');
}

export function registerLogin(program: Command): void {
  program
    .command('login')
    .description('Sign in: approve a code in the browser, or store a token with --token')
    .option('--token <token>', 'store this API token instead of starting a device login')
    .addHelpText(
      'after',
      '\nExamples:\n  nimbus login\n  nimbus login --token nmb_...\n  nimbus --api https://nimbus.example.com login',
    )
    .action(async (options: { token?: string }, command: Command) => {
      const session = await openSession(command);
      const granted = options.token ? { token: options.token, teamId: null } : await deviceLogin(session);
      const user = (await fetcherFor(session.api, granted.token)<{ user: User }>('/v2/user')).user;
      await updateConfig({ token: granted.token, api: session.api, currentTeam: granted.teamId ?? undefined });
      info(`${out.green('Logged in')} as ${err.bold(user.username)} (${user.email}) on ${session.api}`);
      if (process.env.NIMBUS_TOKEN) info('Note: NIMBUS_TOKEN is set and takes precedence over the stored token.');
    });

  program
    .command('logout')
    .description('Revoke and forget the stored token')
    .action(async (_options: unknown, command: Command) => {
      const session = await openSession(command);
      const stored = (await readConfig()).token;
      if (!stored) return info('Not logged in.');
      // Revoking makes a copied config file useless; an already invalid token is fine to forget.
      await fetcherFor(session.api, stored)('/v3/user/tokens/current', { method: 'DELETE' }).catch(() => undefined);
      await updateConfig({ token: undefined, currentTeam: undefined });
      info('Logged out.');
    });

  program
    .command('whoami')
    .description('Show the signed-in user and the current team')
    .action(async (_options: unknown, command: Command) => {
      const session = await authedSession(command);
      const { user } = await session.fetch<{ user: User }>('/v2/user');
      const team = await session.fetch<{ slug: string; name: string | null }>(
        `/teams/${encodeURIComponent(teamQuery(session).teamId ?? user.defaultTeamId)}`,
      );
      print(user.username);
      info(`Team: ${team.slug}${team.name && team.name !== team.slug ? ` (${team.name})` : ''}`);
    });
}
