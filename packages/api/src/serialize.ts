// JSON shapes of users, teams and tokens as Vercel's clients expect them (COMPAT.md; @vercel/sdk validates).
import type { Role } from '@nimbus/core';
import type { Team, TeamWithRole, Token, User } from '@nimbus/db';

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

function billing(team: Team) {
  return {
    plan: team.plan,
    period: null,
    trial: team.trialStart && team.trialEnd ? { start: ms(team.trialStart), end: ms(team.trialEnd) } : null,
    cancelation: null,
    addons: null,
    status: team.billingStatus,
    platform: team.billingPlatform,
    planIteration: 'plus',
  };
}

export function userJson(user: User, personal?: Team | null, avatarBase = '/api/www/avatar') {
  return {
    id: user.id,
    uid: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    avatar: `${avatarBase}/${user.id}`,
    defaultTeamId: user.defaultTeamId,
    version: user.version as 'northstar',
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

export function teamJson(team: Team | TeamWithRole, creatorId?: string) {
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

export function tokenJson(token: Token) {
  return {
    id: token.id,
    name: token.name,
    type: 'oauth2-token',
    origin: token.origin,
    prefix: token.prefix,
    scopes: token.teamId
      ? [{ type: 'team' as const, teamId: token.teamId, origin: token.origin, createdAt: token.createdAt.getTime() }]
      : [{ type: 'user' as const, origin: token.origin, createdAt: token.createdAt.getTime() }],
    ...(token.expiresAt ? { expiresAt: token.expiresAt.getTime() } : {}),
    activeAt: ms(token.lastUsedAt) ?? token.createdAt.getTime(),
    lastUsedAt: ms(token.lastUsedAt),
    createdAt: token.createdAt.getTime(),
    teamId: token.teamId,
  };
}

export function invitationJson(invitation: {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
}) {
  return { ...invitation, createdAt: invitation.createdAt.getTime(), expiresAt: invitation.expiresAt.getTime() };
}

export type UserJson = ReturnType<typeof userJson>;
export type TeamJson = ReturnType<typeof teamJson>;
export type TokenJson = ReturnType<typeof tokenJson>;
export type InvitationJson = ReturnType<typeof invitationJson>;

/** The list envelope of COMPAT.md: `next` is null on the last page or the CLI loops forever. */
export function page<T>(items: T[], next: number | null = null, prev: number | null = null) {
  return { count: items.length, next, prev };
}
