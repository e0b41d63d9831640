// Members and invitations of a team (in the path): invite by e-mail, accept by link, change
// roles, remove, leave. Invitation links are credentials, so their preview is public.
import type { z } from '@hono/zod-openapi';
import { can, type Role } from '@nimbus/core';
import * as db from '@nimbus/db';
import type { InviteBody } from '../schemas/teams';
import { invitationJson, memberJson, outboxJson, page, teamJson } from '../serialize';
import { authorize } from './access';
import { audit } from './audit';
import { forTeam, type ServiceContext } from './context';
import { deliver } from './mail';
import type { ApiOptions } from './options';
import { syncSeats } from './stripe-billing';

export async function list(ctx: ServiceContext, team: string) {
  const scope = await authorize(forTeam(ctx, team), 'members:read');
  const members = (await db.listMembers(ctx.db, scope.teamId)).map(memberJson);
  return { members, pagination: page(members) };
}

/** Invitations not yet accepted nor expired; those who may invite also get each one's link to pass on again. */
export async function invitations(ctx: ServiceContext, team: string) {
  const scope = await authorize(forTeam(ctx, team), 'members:read');
  const rows = await db.listInvitations(ctx.db, scope.teamId);
  const mail = can(scope.role, 'members:invite') ? await db.invitationMailByHash(ctx.db, scope.teamId) : null;
  const invitations = rows.map(({ tokenHash, ...invitation }) =>
    invitationJson(mail ? { ...invitation, link: mail.get(tokenHash)?.link ?? null } : invitation),
  );
  return { invitations, pagination: page(invitations) };
}

/** Sends the e-mail when SMTP is configured; otherwise it waits in the team's outbox (`delivered: false`). */
export async function invite(ctx: ServiceContext, team: string, { email, role }: z.infer<typeof InviteBody>) {
  const scope = await authorize(forTeam(ctx, team), 'members:invite');
  const { invitation, link, mailId } = await db.inviteMember(ctx.db, {
    teamId: scope.teamId,
    email,
    role,
    invitedBy: ctx.actor.user.id,
    baseUrl: ctx.options.publicUrl,
  });
  await audit(
    ctx,
    'member.invited',
    { type: 'invitation', id: invitation.id, name: invitation.email },
    { role },
    scope.teamId,
  );
  const delivered = await deliver(ctx.db, ctx.options, mailId);
  return { id: invitation.id, email: invitation.email, role: invitation.role, link, delivered };
}

/** Sends a pending invitation's mail again (kept in the outbox without SMTP) and gives it another 7 days. */
export async function resendInvitation(ctx: ServiceContext, team: string, id: string) {
  const scope = await authorize(forTeam(ctx, team), 'members:invite');
  const { invitation, link, mailId } = await db.renewInvitation(ctx.db, scope.teamId, id);
  const delivered = await deliver(ctx.db, ctx.options, mailId);
  return { id: invitation.id, email: invitation.email, role: invitation.role, link, delivered };
}

export async function revokeInvitation(ctx: ServiceContext, team: string, id: string): Promise<void> {
  const scope = await authorize(forTeam(ctx, team), 'members:invite');
  await db.revokeInvitation(ctx.db, scope.teamId, id);
}

/** Mail kept when no SMTP server is configured, so owners can pass the link on themselves. */
export async function outbox(ctx: ServiceContext, team: string) {
  const scope = await authorize(forTeam(ctx, team), 'members:invite');
  return { messages: (await db.listOutbox(ctx.db, scope.teamId)).map(outboxJson) };
}

export async function changeRole(ctx: ServiceContext, team: string, uid: string, role: Role) {
  const scope = await authorize(forTeam(ctx, team), 'members:update');
  const member = await db.changeRole(ctx.db, scope.teamId, uid, role);
  const { username } = await db.getUser(ctx.db, member.userId);
  await audit(
    ctx,
    'member.role_updated',
    { type: 'member', id: member.userId, name: username },
    { from: member.previousRole, to: role },
    scope.teamId,
  );
  return { uid: member.userId, role: member.role };
}

/** Owners remove others; anyone may leave (`uid` their own id or "me"), unless they are the last owner. */
export async function remove(ctx: ServiceContext, team: string, uid: string) {
  const self = uid === ctx.actor.user.id || uid === 'me';
  const scope = await authorize(forTeam(ctx, team), self ? 'team:read' : 'members:remove');
  const userId = self ? ctx.actor.user.id : uid;
  const { username } = await db.getUser(ctx.db, userId);
  await db.removeMember(ctx.db, scope.teamId, userId);
  await syncSeats(ctx.options, scope.teamId);
  if (self) await audit(ctx, 'member.left', { type: 'member', id: userId, name: username }, {}, scope.teamId);
  else await audit(ctx, 'member.removed', { type: 'member', id: userId, name: username }, {}, scope.teamId);
  return { id: userId };
}

export async function accept(ctx: ServiceContext, secret: string) {
  const { team, role } = await db.acceptInvitation(ctx.db, ctx.actor.user.id, secret);
  await syncSeats(ctx.options, team.id);
  const { user } = ctx.actor;
  await audit(ctx, 'member.joined', { type: 'member', id: user.id, name: user.username }, { role }, team.id);
  return { team: teamJson({ ...team, role }, ctx.actor.user.id), role };
}

/** Which team and role a link is for, shown before logging in. */
export async function preview(options: ApiOptions, secret: string) {
  const { invitation, team } = await db.findInvitation(options.db, secret);
  return { email: invitation.email, role: invitation.role, team: { id: team.id, slug: team.slug, name: team.name } };
}
