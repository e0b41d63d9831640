// Teams of the caller: list, read by id or slug, create, rename or change the slug, delete.
// Every read goes through membership: a team you are not in is "not found", never "forbidden".
import type { z } from '@hono/zod-openapi';
import { can } from '@nimbus/core';
import * as db from '@nimbus/db';
import type { TeamCreate, TeamPatch } from '../schemas/teams';
import { page, teamJson } from '../serialize';
import { authorize, requirePermission } from './access';
import { audit } from './audit';
import { forTeam, type ServiceContext } from './context';
import type { Scope } from './options';

const listed = new WeakMap<ServiceContext, Promise<db.TeamWithRole[]>>();

/**
 * The caller's teams, default team first, read once per context: one dashboard render asks for
 * them for the session, the header and the page. Calls that change teams read them afresh.
 */
export function teamsOf(ctx: ServiceContext): Promise<db.TeamWithRole[]> {
  let teams = listed.get(ctx);
  if (!teams) {
    teams = db.listTeams(ctx.db, ctx.actor.user.id);
    listed.set(ctx, teams);
  }
  return teams;
}

export async function list(ctx: ServiceContext) {
  const teams = (await teamsOf(ctx)).map((t) => teamJson(t, ctx.actor.user.id));
  return { teams, pagination: page(teams) };
}

export async function get(ctx: ServiceContext, idOrSlug: string) {
  const team = await db.getTeamForUser(ctx.db, ctx.actor.user.id, idOrSlug);
  requirePermission(
    { teamId: team.id, slug: team.slug, name: team.name ?? team.slug, role: team.role, personal: team.personal },
    'team:read',
  );
  return teamJson(team, ctx.actor.user.id);
}

/** The team's Activity tab: deployments, projects, members and invitations, newest first. */
export async function activity(ctx: ServiceContext, team: string, limit = 50) {
  const scope = await authorize(forTeam(ctx, team), 'team:read');
  const events = await db.listTeamActivity(ctx.db, scope.teamId, limit);
  // Who was invited is for those who manage members; others see that someone was.
  const seesInvitees = can(scope.role, 'members:invite');
  return {
    events: events.map((e) => ({
      ...e,
      at: e.at.getTime(),
      ...(e.kind === 'invitation' && !seesInvitees ? { email: null } : {}),
    })),
  };
}

/** The caller becomes the owner of the new team. */
export async function create(ctx: ServiceContext, input: z.infer<typeof TeamCreate>) {
  if (ctx.actor.token?.teamId)
    throw new db.DomainError('forbidden', 'A token limited to one team cannot create teams.');
  const team = await db.createTeam(ctx.db, ctx.actor.user.id, input);
  await audit(ctx, 'team.created', { type: 'team', id: team.id, name: team.slug }, {}, team.id);
  return teamJson(team, ctx.actor.user.id);
}

export async function update(ctx: ServiceContext, idOrSlug: string, input: z.infer<typeof TeamPatch>) {
  const scope = await authorize(forTeam(ctx, idOrSlug), 'team:update');
  if (input.mfaEnforced !== undefined) checkMfaEnforcement(ctx, scope, input.mfaEnforced);
  const team = await db.updateTeam(ctx.db, scope.teamId, input);
  const changes = {
    ...(team.name !== scope.name && input.name !== undefined ? { name: { from: scope.name, to: team.name } } : {}),
    ...(team.slug !== scope.slug ? { slug: { from: scope.slug, to: team.slug } } : {}),
  };
  const { mfaEnforced, ...settings } = input;
  const target = { type: 'team', id: team.id, name: team.slug } as const;
  if (Object.keys(settings).length || mfaEnforced === undefined)
    await audit(ctx, 'team.updated', target, { fields: Object.keys(settings), ...changes }, scope.teamId);
  if (mfaEnforced !== undefined)
    await audit(ctx, 'team.mfa_enforcement_changed', target, { enforced: mfaEnforced }, scope.teamId);
  return teamJson({ ...team, role: scope.role }, ctx.actor.user.id);
}

/** Only an owner changes the two-factor rule, never on a personal account, and turns it on only with it on themselves. */
function checkMfaEnforcement(ctx: ServiceContext, scope: Scope, on: boolean): void {
  if (scope.role !== 'OWNER')
    throw new db.DomainError('forbidden', `Only an owner of "${scope.slug}" can change its two-factor rule.`);
  if (on && scope.personal)
    throw new db.DomainError(
      'bad_request',
      'A personal account has no other members: there is nobody to require it of.',
    );
  if (on && !db.hasTwoFactor(ctx.actor.user))
    throw new db.DomainError(
      'forbidden',
      'Turn on two-factor authentication for your own account first, so you keep access to the team.',
    );
}

export async function remove(ctx: ServiceContext, idOrSlug: string) {
  const scope = await authorize(forTeam(ctx, idOrSlug), 'team:delete');
  await db.deleteTeam(ctx.db, scope.teamId);
  return { id: scope.teamId };
}
