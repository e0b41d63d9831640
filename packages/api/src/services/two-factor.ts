// Two-factor authentication of the caller's account: TOTP (otplib, RFC 6238, 30 s steps, one step of
// clock drift either way) with a QR code of the otpauth URI (qrcode, drawn as SVG), and ten recovery
// codes shown once. The secret is sealed with the env-value cipher; queries/two-factor.ts stores.
// Turning it off or making new recovery codes takes the password or a current code, throttled like logins.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TwoFactorCode, TwoFactorProof } from '../schemas/two-factor';
import { requireAccountAccess } from './access';
import { auditTeams } from './audit';
import type { ServiceContext } from './context';
import { throttledSecondFactor } from './login-throttle';
import type { ApiOptions } from './options';

const ISSUER = 'Nimbus';

function cipherOf(options: ApiOptions): db.Cipher {
  const cipher = options.engine?.cipher;
  if (!cipher) throw new Error('Two-factor authentication needs the engine (its cipher seals the secrets).');
  return cipher;
}

/**
 * Whether `code` is the user's current TOTP code (not used before) or one of their unused recovery
 * codes, which it uses up. Six digits are read as a TOTP code, anything else as a recovery code.
 */
export async function checkSecondFactor(options: ApiOptions, user: db.User, code: string): Promise<boolean> {
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) {
    if (!user.totpSecret) return false;
    const secret = cipherOf(options).decrypt(user.totpSecret);
    const result = await verify({ secret, token: typed, epochTolerance: 30 });
    return result.valid && 'timeStep' in result && (await db.useTotpStep(options.db, user.id, result.timeStep));
  }
  return db.useRecoveryCode(options.db, user.id, typed);
}

export const wrongCode = () =>
  new db.DomainError(
    'invalid_code',
    'The code is not correct. Enter the current code from your app, or a recovery code.',
  );

/**
 * A change to the caller's own second factor, recorded in their personal team and in every team
 * that requires two-factor (its owners must see who turned it off or on); other teams see nothing.
 */
async function auditTwoFactor(
  ctx: ServiceContext,
  user: db.User,
  action: 'two_factor.enabled' | 'two_factor.disabled' | 'two_factor.recovery_codes_regenerated',
) {
  const teams = (await db.listTeams(ctx.db, user.id)).filter((t) => t.personal || t.mfaEnforced);
  await auditTeams(
    ctx,
    teams.map((t) => t.id),
    action,
    { type: 'user', id: user.id, name: user.username },
  );
}

/** GET /v1/user/two-factor */
export async function status(ctx: ServiceContext) {
  const user = ctx.actor.user;
  return {
    enabled: db.hasTwoFactor(user),
    enabledAt: user.totpEnabledAt?.getTime() ?? null,
    recoveryCodesLeft: db.hasTwoFactor(user) ? await db.countRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/** A new secret waiting for its first code: the key to type, the otpauth URI and its QR code as an SVG data URL. */
export async function setup(ctx: ServiceContext) {
  requireAccountAccess(ctx, 'change two-factor authentication');
  const user = ctx.actor.user;
  const secret = generateSecret();
  await db.saveTotpSecret(ctx.db, user.id, cipherOf(ctx.options).encrypt(secret));
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Turns two-factor on with the first code from the app; answers the recovery codes, shown this once. */
export async function enable(ctx: ServiceContext, { code }: z.infer<typeof TwoFactorCode>) {
  requireAccountAccess(ctx, 'change two-factor authentication');
  const user = await db.getUser(ctx.db, ctx.actor.user.id);
  if (db.hasTwoFactor(user)) throw new db.DomainError('conflict', 'Two-factor authentication is already on.');
  if (!user.totpSecret) throw new db.DomainError('conflict', 'Start the setup first: no secret is waiting for a code.');
  if (!/^\d{6}$/.test(code.trim()) || !(await checkSecondFactor(ctx.options, user, code)))
    throw new db.DomainError('invalid_code', 'The code is not correct. Enter the 6-digit code your app shows now.');
  const recoveryCodes = await db.enableTwoFactor(ctx.db, user.id, ctx.actor.sessionId ?? null);
  await auditTwoFactor(ctx, user, 'two_factor.enabled');
  return { enabled: true as const, recoveryCodes };
}

/** The password or a current code (TOTP or recovery), throttled per account like a login. */
async function prove(ctx: ServiceContext, proof: z.infer<typeof TwoFactorProof>): Promise<db.User> {
  const user = await db.getUser(ctx.db, ctx.actor.user.id);
  if (!db.hasTwoFactor(user)) throw new db.DomainError('conflict', 'Two-factor authentication is not on.');
  if (!proof.password && !proof.code)
    throw new db.DomainError('bad_request', 'Send your password or a current code to confirm it is you.');
  const { password, code } = proof;
  if (password)
    await throttledSecondFactor(
      ctx.db,
      user.id,
      async () => (await db.checkLogin(ctx.db, user.email, password)) !== null,
      new db.DomainError('invalid_credentials', 'The password is not correct.'),
    );
  else await throttledSecondFactor(ctx.db, user.id, () => checkSecondFactor(ctx.options, user, code!), wrongCode());
  return user;
}

/** Replaces the recovery codes; the old ones stop working. */
export async function regenerate(ctx: ServiceContext, proof: z.infer<typeof TwoFactorProof>) {
  requireAccountAccess(ctx, 'change two-factor authentication');
  const user = await prove(ctx, proof);
  const recoveryCodes = await db.regenerateRecoveryCodes(ctx.db, user.id);
  await auditTwoFactor(ctx, user, 'two_factor.recovery_codes_regenerated');
  return { recoveryCodes };
}

/** Turns two-factor off; refused to an owner of a team that requires it (they would lock themselves out). */
export async function disable(ctx: ServiceContext, proof: z.infer<typeof TwoFactorProof>) {
  requireAccountAccess(ctx, 'change two-factor authentication');
  const user = await prove(ctx, proof);
  const enforcing = (await db.listTeams(ctx.db, user.id)).filter((t) => t.mfaEnforced && t.role === 'OWNER');
  if (enforcing.length)
    throw new db.DomainError(
      'conflict',
      `You own ${enforcing.map((t) => `"${t.slug}"`).join(', ')}, which requires two-factor authentication. Stop requiring it there first.`,
    );
  await db.disableTwoFactor(ctx.db, user.id);
  await auditTwoFactor(ctx, user, 'two_factor.disabled');
  return { enabled: false as const };
}
