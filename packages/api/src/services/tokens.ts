// API tokens of the authenticated user: list, create (the bearer value is shown once), read, revoke.
// "current" names the token making the call.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import type { TokenCreate } from '../schemas/accounts';
import { page, tokenJson } from '../serialize';
import type { ServiceContext } from './context';

const idOf = (ctx: ServiceContext, id: string) => (id === 'current' && ctx.actor.token ? ctx.actor.token.id : id);

export async function list(ctx: ServiceContext) {
  const tokens = (await db.listTokens(ctx.db, ctx.actor.user.id)).map(tokenJson);
  return { tokens, pagination: page(tokens) };
}

/** A token made with a team-limited token stays limited to that team. */
export async function create(ctx: ServiceContext, input: z.infer<typeof TokenCreate>) {
  const { user, token: caller } = ctx.actor;
  const teamId = input.teamId ? (await db.getTeamForUser(ctx.db, user.id, input.teamId)).id : (caller?.teamId ?? null);
  const { token, bearerToken } = await db.createToken(ctx.db, {
    userId: user.id,
    name: input.name,
    teamId,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  });
  return { token: tokenJson(token), bearerToken };
}

export async function get(ctx: ServiceContext, id: string) {
  return { token: tokenJson(await db.getToken(ctx.db, ctx.actor.user.id, idOf(ctx, id))) };
}

export async function revoke(ctx: ServiceContext, id: string) {
  const tokenId = idOf(ctx, id);
  await db.revokeToken(ctx.db, ctx.actor.user.id, tokenId);
  return { tokenId };
}
