// JSON shapes of users, teams, tokens, members and invitations as Vercel's clients expect them
// (docs/vercel-compatibility.md; @vercel/sdk validates them). Each is typed by its response schema,
// so the OpenAPI document and the replies cannot drift apart.
import type { z } from '@hono/zod-openapi';
import type { Role } from '@nimbus/core';
import type { listMembers, listOutbox, Team, TeamWithRole, Token, User } from '@nimbus/db';
import type { BillingSchema, TokenSchema, UserSchema } from './schemas/accounts';
import type { InvitationSchema, MemberSchema, OutboxMessage, TeamSchema } from './schemas/teams';

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

function billing(team: Team): z.infer<typeof BillingSchema> {
  return {
    plan: team.plan,
    period: null,
    trial: team.trialStart && team.trialEnd ? { start: ms(team.trialStart), end: ms(team.trialEnd) } : null,
    cancelation: null,
    addons: null,
    status: team.billingStatus,
    platform: team.billingPlatform,
    planIteration: 'plus',
    frozenTime: ms(team.frozenAt),
  };
}

export function userJson(user: User, personal?: Team | null, avatarBase = '/api/www/avatar'): UserJson {
  return {
    id: user.id,
    uid: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    avatar: `${avatarBase}/${user.avatarDigest ?? user.id}`,
    defaultTeamId: user.defaultTeamId,
    version: 'northstar',
    createdAt: user.createdAt.getTime(),
    date: ms(personal?.planStartedAt ?? user.createdAt),
    softBlock: null,
    billing: personal ? billing(personal) : null,
    resourceConfig: {},
    stagingPrefix: user.username,
    hasTrialAvailable: !personal?.hadTrial,
    flags: user.flags,
  };
}

export function teamJson(team: Team | TeamWithRole, creatorId?: string): TeamJson {
  const role = 'role' in team ? team.role : undefined;
  return {
    id: team.id,
    slug: team.slug,
    name: team.name,
    avatar: null,
    description: null,
    personal: team.personal,
    createdAt: team.createdAt.getTime(),
    updatedAt: team.updatedAt.getTime(),
    created: team.createdAt.toISOString(),
    creatorId: creatorId ?? '',
    stagingPrefix: team.slug,
    flags: team.flags,
    mfaEnforced: team.mfaEnforced,
    limited: team.limitedBy.length > 0,
    limitedBy: team.limitedBy,
    productionPaused: team.productionPausedAt !== null,
    billing: billing(team),
    ...(role
      ? {
          membership: {
            role,
            confirmed: true,
            accessRequestedAt: null,
            created: team.createdAt.getTime(),
            createdAt: team.createdAt.getTime(),
            uid: creatorId ?? '',
          },
        }
      : {}),
  };
}

export function tokenJson(token: Token): TokenJson {
  const createdAt = token.createdAt.getTime();
  return {
    id: token.id,
    name: token.name,
    type: 'oauth2-token',
    origin: token.origin,
    prefix: token.prefix,
    scopes: token.teamId
      ? [{ type: 'team', teamId: token.teamId, origin: token.origin, createdAt }]
      : [{ type: 'user', origin: token.origin, createdAt }],
    ...(token.expiresAt ? { expiresAt: token.expiresAt.getTime() } : {}),
    activeAt: ms(token.lastUsedAt) ?? createdAt,
    lastUsedAt: ms(token.lastUsedAt),
    createdAt,
    teamId: token.teamId,
  };
}

export function memberJson(member: Awaited<ReturnType<typeof listMembers>>[number]): Member {
  return { ...member, createdAt: member.createdAt.getTime(), confirmed: true };
}

export function invitationJson(invitation: {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  link?: string | null;
}): InvitationJson {
  return { ...invitation, createdAt: invitation.createdAt.getTime(), expiresAt: invitation.expiresAt.getTime() };
}

export function outboxJson(message: Awaited<ReturnType<typeof listOutbox>>[number]): z.infer<typeof OutboxMessage> {
  return { ...message, createdAt: message.createdAt.getTime(), sentAt: ms(message.sentAt) };
}

export type UserJson = z.infer<typeof UserSchema>;
export type TeamJson = z.infer<typeof TeamSchema>;
export type TokenJson = z.infer<typeof TokenSchema>;
export type InvitationJson = z.infer<typeof InvitationSchema>;
type Member = z.infer<typeof MemberSchema>;

/** The list envelope (docs/vercel-compatibility.md): `next` is null on the last page or the CLI loops forever. */
export function page<T>(items: T[], next: number | null = null, prev: number | null = null) {
  return { count: items.length, next, prev };
}
