// Changing a password (the current one required; every other session ends) and resetting a
// forgotten one by e-mail. A reset request answers the same whether or not the address has an
// account, and is throttled per address and per caller so it cannot flood an inbox.
import * as db from '@nimbus/db';
import { requireAccountAccess } from './access';
import type { ServiceContext } from './context';
import { deliver } from './mail';
import type { ApiOptions } from './options';

const RESETS_PER_EMAIL_PER_HOUR = 3;
const RESETS_PER_IP_PER_HOUR = 20;

export const RESET_REQUESTED =
  'If an account uses this address, we sent it a link to reset the password. It works once, for an hour.';

export async function change(ctx: ServiceContext, input: { currentPassword: string; newPassword: string }) {
  requireAccountAccess(ctx, 'change the password');
  const { user, sessionId } = ctx.actor;
  if (!(await db.checkLogin(ctx.db, user.email, input.currentPassword)))
    throw new db.DomainError('invalid_credentials', 'The current password is not correct.');
  await db.setPassword(ctx.db, user, input.newPassword, sessionId ?? undefined);
  return { ok: true as const };
}

/** Mails a reset link when the address has an account; the reply never says whether it has. */
export async function requestReset(options: ApiOptions, email: string, ip: string) {
  const address = db.normalizeEmail(email);
  db.validateEmail(address);
  if (!(await db.hitRateLimit(options.db, `reset:ip:${ip}`, RESETS_PER_IP_PER_HOUR, 60 * 60_000)))
    throw new db.DomainError('rate_limited', 'Too many reset requests from this address. Try again in an hour.');
  const user = await db.userByEmail(options.db, address);
  const allowed = await db.hitRateLimit(options.db, `reset:email:${address}`, RESETS_PER_EMAIL_PER_HOUR, 60 * 60_000);
  if (user && allowed) {
    const secret = await db.createPasswordReset(options.db, user.id);
    const link = `${options.publicUrl}/reset-password?token=${secret}`;
    const mailId = await db.queueAccountMail(options.db, {
      to: user.email,
      subject: 'Reset your Nimbus password',
      text: `Someone asked to reset the password of your Nimbus account.\n\nChoose a new password: ${link}\n\nThe link works once and expires in ${db.RESET_MINUTES} minutes. Resetting logs out every session. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
      link,
    });
    await deliver(options.db, options, mailId);
  }
  return { message: RESET_REQUESTED };
}

/** Sets the new password and ends every session; the person logs in again with it. */
export async function reset(options: ApiOptions, input: { token: string; password: string }) {
  await db.resetPassword(options.db, input.token, input.password);
  return { ok: true as const };
}
