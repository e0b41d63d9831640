// The authenticated user (`/v2/user`): who am I, rename, choose the default team. The reply names
// the personal account's billing, so it reads the caller's personal team too.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import type { UserPatch } from '../schemas/accounts';
import { userJson } from '../serialize';
import { requireAccountAccess } from './access';
import { setUsername } from './account-profile';
import type { ServiceContext } from './context';

export async function get(ctx: ServiceContext) {
  // One cached lookup rather than every team: clients call this in a loop (issue #10).
  return { user: userJson(ctx.actor.user, await db.personalTeam(ctx.db, ctx.actor.user.id)) };
}

/** Also answers the slug of a newly chosen default team, which a browser keeps as its scope cookie. */
export async function update(ctx: ServiceContext, input: z.infer<typeof UserPatch>) {
  requireAccountAccess(ctx, 'change the account');
  const id = ctx.actor.user.id;
  if (input.username !== undefined) await setUsername(ctx, input.username);
  if (input.name !== undefined) await db.updateUser(ctx.db, id, { name: input.name });
  const defaultTeam = input.defaultTeamId ? await db.setDefaultTeam(ctx.db, id, input.defaultTeamId) : null;
  const [user, teams] = await Promise.all([db.getUser(ctx.db, id), db.listTeams(ctx.db, id)]);
  return {
    user: userJson(
      user,
      teams.find((t) => t.personal),
    ),
    scopeSlug: defaultTeam?.slug,
  };
}
