// The account's username, uploaded avatar and deletion (`PATCH /v2/user`, `PUT /v1/user/avatar`,
// `DELETE /v1/user`). An avatar is judged by its content, not its name or type header: sharp must
// read it as an image, which is then cut to a square, resized and stored as WebP in the file store
// (content-addressed like deployment files) and served at /www/avatar/{digest}.
import { createHash } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import sharp from 'sharp';
import type { AccountDeletion } from '../schemas/accounts';
import { requireAccountAccess } from './access';
import { auditTeams } from './audit';
import { engineOf, type ServiceContext } from './context';
import type { ApiOptions } from './options';

/** The body limit of PUT /v1/user/avatar (body-limits.ts) refuses larger uploads first. */
export const AVATAR_MAX_BYTES = 4 * 1024 * 1024;
export const AVATAR_SIZE = 256;
const AVATAR_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
/** Larger images are refused before decoding: an avatar never needs 40 megapixels. */
const MAX_PIXELS = 40_000_000;

export async function setUsername(ctx: ServiceContext, username: string) {
  requireAccountAccess(ctx, 'change the account');
  const { user } = ctx.actor;
  const updated = await db.setUsername(ctx.db, user.id, username.trim());
  if (updated.username !== user.username) {
    // Every team the person is in: their events there will show the new name from now on.
    const teams = await db.listTeams(ctx.db, user.id);
    const actor = { ...ctx, actor: { ...ctx.actor, user: updated } };
    const meta = { from: user.username, to: updated.username };
    await auditTeams(
      actor,
      teams.map((t) => t.id),
      'user.username_changed',
      { type: 'user', id: user.id, name: updated.username },
      meta,
    );
  }
  return updated;
}

/** Stores an uploaded image as the caller's avatar; answers its URL path. */
export async function uploadAvatar(ctx: ServiceContext, data: Buffer) {
  requireAccountAccess(ctx, 'change the account');
  if (!data.length) throw new db.DomainError('bad_request', 'Send the image as the request body.');
  if (data.length > AVATAR_MAX_BYTES)
    throw new db.DomainError('payload_too_large', `An avatar is at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`);
  const image = await resize(data);
  const digest = createHash('sha1').update(image).digest('hex');
  await engineOf(ctx).store.put(digest, image);
  await db.setAvatar(ctx.db, ctx.actor.user.id, digest);
  return { avatar: `/api/www/avatar/${digest}` };
}

async function resize(data: Buffer): Promise<Buffer> {
  const notImage = () =>
    new db.DomainError(
      'bad_request',
      'The file is not an image Nimbus can read. Upload a PNG, JPEG, WebP, GIF or AVIF.',
    );
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw notImage();
  }
  if (!format || !AVATAR_FORMATS.has(format)) throw notImage();
  try {
    return await sharp(data, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw notImage();
  }
}

/**
 * The uploaded avatar a path names: by its digest (only digests that are someone's avatar, so a
 * digest never reveals another stored file; kept for a year, the content never changes), or by the
 * user id of someone who uploaded one (kept five minutes: it follows uploads). Null means draw one.
 */
export async function uploadedAvatar(options: ApiOptions, id: string) {
  const store = options.engine?.store;
  if (!store) return null;
  let digest: string | null = null;
  let cache = 'public, max-age=31536000, immutable';
  if (/^[0-9a-f]{40}$/.test(id)) digest = (await db.isAvatarDigest(options.db, id)) ? id : null;
  else if (id.startsWith('usr_')) {
    digest = (await db.usersAvatar(options.db, id)) ?? null;
    cache = 'public, max-age=300';
  }
  if (!digest) return null;
  return { data: await store.get(digest), headers: { 'content-type': 'image/webp', 'cache-control': cache } };
}

export async function removeAvatar(ctx: ServiceContext) {
  requireAccountAccess(ctx, 'change the account');
  await db.setAvatar(ctx.db, ctx.actor.user.id, null);
  return { avatar: `/api/www/avatar/${ctx.actor.user.id}` };
}

/** What deleting the account would do: the teams only the caller owns, and who could take each. */
export async function deletionPlan(ctx: ServiceContext) {
  requireAccountAccess(ctx, 'delete the account');
  return { teams: await db.soleOwnedTeams(ctx.db, ctx.actor.user.id) };
}

/**
 * Deletes the account once its username is typed as confirmation. Teams only the caller owns go to
 * the member named in `handover`, or are deleted; every session and token ends with the user.
 */
export async function deleteAccount(ctx: ServiceContext, input: z.infer<typeof AccountDeletion>) {
  requireAccountAccess(ctx, 'delete the account');
  const { user } = ctx.actor;
  if (input.confirm !== user.username)
    throw new db.DomainError('bad_request', `Type your username, "${user.username}", to confirm.`);
  const handover = input.handover ?? {};
  const deleted = new Set((await db.soleOwnedTeams(ctx.db, user.id)).filter((t) => !handover[t.id]).map((t) => t.id));
  const remaining = (await db.listTeams(ctx.db, user.id)).filter((t) => !t.personal && !deleted.has(t.id));
  await db.deleteAccount(ctx.db, user.id, handover);
  // The teams that outlive the account (handed over, or where the person was one of the members) see it go.
  for (const team of remaining) {
    const meta = handover[team.id] ? { handedOverTo: handover[team.id] } : {};
    await auditTeams(ctx, [team.id], 'user.deleted', { type: 'user', id: user.id, name: user.username }, meta);
  }
  return { id: user.id, email: user.email, message: 'Your account was deleted.' };
}
