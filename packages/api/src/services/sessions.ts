// The browser sessions of the signed-in user, for the account page: list them (the calling one
// marked current), end one, or end every other. Team-limited tokens have no say over them.
import * as db from '@nimbus/db';
import { requireAccountAccess } from './access';
import type { ServiceContext } from './context';

const sessionJson = (row: db.Session, currentId: string | null | undefined) => ({
  id: row.id,
  userAgent: row.userAgent,
  ip: row.ip,
  createdAt: row.createdAt.getTime(),
  lastSeenAt: row.lastSeenAt.getTime(),
  current: row.id === currentId,
});

export type SessionJson = ReturnType<typeof sessionJson>;

export async function list(ctx: ServiceContext) {
  requireAccountAccess(ctx, 'list sessions');
  const rows = await db.listSessions(ctx.db, ctx.actor.user.id);
  return { sessions: rows.map((row) => sessionJson(row, ctx.actor.sessionId)) };
}

export async function revoke(ctx: ServiceContext, id: string) {
  requireAccountAccess(ctx, 'end sessions');
  await db.revokeSession(ctx.db, ctx.actor.user.id, id);
  return { id };
}

/** Ends every session but the calling one (all of them when called with a token). */
export async function revokeOthers(ctx: ServiceContext) {
  requireAccountAccess(ctx, 'end sessions');
  return { revoked: await db.revokeOtherSessions(ctx.db, ctx.actor.user.id, ctx.actor.sessionId ?? null) };
}
