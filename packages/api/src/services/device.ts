// Device authorization for `nimbus login` (RFC 8628). The CLI starts and polls without a token;
// the person in the browser looks the code up, then approves or denies it with their session.
import * as db from '@nimbus/db';
import type { ServiceContext } from './context';
import type { ApiOptions } from './options';

const CODES_PER_IP_PER_HOUR = 60;

const POLL_MESSAGES = {
  authorization_pending: 'Waiting for the code to be approved in the dashboard.',
  slow_down: 'Polling too fast; wait the returned interval between requests.',
  expired_token: 'The device code has expired or was already used. Run `nimbus login` again.',
  access_denied: 'The login was denied in the dashboard.',
} as const;

const deviceJson = (row: db.DeviceCode) => ({
  userCode: row.userCode,
  clientName: row.clientName,
  status: row.status,
  createdAt: row.createdAt.getTime(),
  expiresAt: row.expiresAt.getTime(),
});

/** A secret device code for the CLI and a short user code for the person, throttled per IP. */
export async function start(options: ApiOptions, clientName: string | undefined, ip: string) {
  if (!(await db.hitRateLimit(options.db, `device:ip:${ip}`, CODES_PER_IP_PER_HOUR, 60 * 60_000))) {
    throw new db.DomainError('rate_limited', 'Too many login attempts from this address. Try again in an hour.');
  }
  const { deviceCode, row } = await db.createDeviceCode(options.db, { clientName: clientName ?? '' });
  const verification = `${options.publicUrl}/device`;
  return {
    device_code: deviceCode,
    user_code: row.userCode,
    verification_uri: verification,
    verification_uri_complete: `${verification}?code=${encodeURIComponent(row.userCode)}`,
    expires_in: Math.round((row.expiresAt.getTime() - Date.now()) / 1000),
    interval: row.interval,
  };
}

/** The token once approved; otherwise the RFC 8628 error code the CLI acts on, with a message. */
export async function poll(options: ApiOptions, deviceCode: string) {
  const result = await db.pollDeviceCode(options.db, deviceCode);
  if (result.status !== 'approved')
    return { approved: false, code: result.status, message: POLL_MESSAGES[result.status] } as const;
  return { approved: true, reply: { token: result.bearerToken, team_id: result.teamId } } as const;
}

export async function get(ctx: ServiceContext, userCode: string) {
  return deviceJson(await db.getPendingDeviceCode(ctx.db, userCode));
}

/** Approving hands out a full user token, so only the person in the browser may decide, not another token. */
function requireSession(ctx: ServiceContext): void {
  if (ctx.actor.via !== 'session')
    throw new db.DomainError(
      'forbidden',
      'Approve a device login in the dashboard while signed in, not with an API token.',
    );
}

/** `team` (id or slug) is the team the CLI starts with. */
export async function approve(ctx: ServiceContext, userCode: string, team?: string) {
  requireSession(ctx);
  const row = await db.decideDeviceCode(ctx.db, { userCode, userId: ctx.actor.user.id, approve: true, team });
  return deviceJson(row);
}

export async function deny(ctx: ServiceContext, userCode: string) {
  requireSession(ctx);
  return deviceJson(await db.decideDeviceCode(ctx.db, { userCode, userId: ctx.actor.user.id, approve: false }));
}
