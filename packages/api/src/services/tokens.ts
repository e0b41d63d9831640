// API tokens of the authenticated user: list, create (the bearer value is shown once), read, revoke.
// "current" names the token making the call. A token limited to one team sees and revokes only
// itself and mints no tokens: leaking a CI token for one team must not hand out the account.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import type { TokenCreate } from '../schemas/accounts';
import { page, tokenJson } from '../serialize';
import { audit } from './audit';
import type { ServiceContext } from './context';

const idOf = (ctx: ServiceContext, id: string) => (id === 'current' && ctx.actor.token ? ctx.actor.token.id : id);

/** The team-limited token making the call, if it is one. */
const limitedToken = (ctx: ServiceContext) => (ctx.actor.token?.teamId ? ctx.actor.token : null);

/** A team-limited token may name only itself. */
function ownId(ctx: ServiceContext, id: string): string {
  const tokenId = idOf(ctx, id);
  const limited = limitedToken(ctx);
  if (limited && tokenId !== limited.id)
    throw new db.DomainError(
      'forbidden',
      'A team-limited token can only see or revoke itself. Use the dashboard or a token that is not limited to a team.',
    );
  return tokenId;
}

export async function list(ctx: ServiceContext) {
  const limited = limitedToken(ctx);
  const rows = limited ? [limited] : await db.listTokens(ctx.db, ctx.actor.user.id);
  const tokens = rows.map(tokenJson);
  return { tokens, pagination: page(tokens) };
}

/** Only a browser session or a token for all teams may create tokens; Vercel's CLI knows this message. */
export async function create(ctx: ServiceContext, input: z.infer<typeof TokenCreate>) {
  if (limitedToken(ctx))
    throw new db.DomainError('forbidden', 'Only user authentication tokens can be used to create new tokens.');
  const { user } = ctx.actor;
  const teamId = input.teamId ? (await db.getTeamForUser(ctx.db, user.id, input.teamId)).id : null;
  const { token, bearerToken } = await db.createToken(ctx.db, {
    userId: user.id,
    name: input.name,
    teamId,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  });
  await recordToken(ctx, 'token.created', token);
  return { token: tokenJson(token), bearerToken };
}

export async function get(ctx: ServiceContext, id: string) {
  return { token: tokenJson(await db.getToken(ctx.db, ctx.actor.user.id, ownId(ctx, id))) };
}

export async function revoke(ctx: ServiceContext, id: string) {
  const tokenId = ownId(ctx, id);
  const token = await db.getToken(ctx.db, ctx.actor.user.id, tokenId);
  await db.revokeToken(ctx.db, ctx.actor.user.id, tokenId);
  await recordToken(ctx, 'token.deleted', token);
  return { tokenId };
}

/** A token limited to a team is that team's event; a token for every team is the caller's own, in their personal team. */
async function recordToken(ctx: ServiceContext, action: 'token.created' | 'token.deleted', token: db.Token) {
  const teamId = token.teamId ?? (await db.listTeams(ctx.db, ctx.actor.user.id)).find((t) => t.personal)?.id;
  const target = { type: 'token' as const, id: token.id, name: token.name };
  await audit(ctx, action, target, { teamLimited: !!token.teamId }, teamId);
}
