// What dashboard server components know about the visitor: the session, their teams and one team
// by slug, each read once per render through the services (so their permission checks apply here
// too), from the one session lookup of visitorContext().
import 'server-only';
import { requireSecondFactor, type ServiceContext } from '@nimbus/api';
import { twoFactorUrl } from '@nimbus/client';
import { DomainError, isReservedSlug } from '@nimbus/core';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { scopeOf, session, sso, teamContext, teams, visitorContext } from './data';
import { runtime } from './runtime';
import { PATH_HEADER, renamedTeamPath } from './team-path';

export type Session = Awaited<ReturnType<typeof session.current>>;
export type Team = Awaited<ReturnType<typeof teams.get>>;
type User = Session['user'];

/** The session call's reply (user and flags); null when logged out. */
export const getSession = cache(async (): Promise<Session | null> => {
  const ctx = await visitorContext();
  return ctx ? session.current(ctx) : null;
});

/** The user's teams, default team first; none when logged out. */
export const getTeams = cache(async (): Promise<Team[]> => {
  const ctx = await visitorContext();
  return ctx ? (await teams.list(ctx)).teams : [];
});

// Slugs are lowercase letters, digits and dashes; anything else (favicon.ico, robots.txt) is no team.
const SLUG = /^[a-z0-9-]+$/;

/** Whether a first path segment could be a team at all (never a zone prefix like /blog); checked before asking anyone to log in. */
export function isTeamSlug(segment: string): boolean {
  return SLUG.test(segment) && !isReservedSlug(segment);
}

/**
 * The team with this slug as the user sees it; unknown teams, non-members and logged-out visitors get
 * the 404 page. The user's own username, the old slug of their personal team, redirects to its new one.
 */
export const getTeam = cache(async (slug: string): Promise<Team> => {
  const ctx = isTeamSlug(slug) ? await visitorContext() : null;
  const team = ctx && (await teams.get(ctx, slug).catch(missing));
  if (team) {
    if (team.mfaEnforced && !team.personal) await secondFactorOrRedirect(ctx, team.slug);
    return team;
  }
  const personal = ctx?.actor.user.username === slug ? (await getTeams()).find((t) => t.personal) : undefined;
  if (personal && personal.slug !== slug)
    redirect(renamedTeamPath((await headers()).get(PATH_HEADER), slug, personal.slug));
  notFound();
});

/** A team that requires two-factor sends a visitor without it to /two-factor-required, and back here after. */
async function secondFactorOrRedirect(ctx: ServiceContext, slug: string): Promise<void> {
  try {
    requireSecondFactor(ctx.actor, slug);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'mfa_enforced') throw error;
    redirect(twoFactorUrl(slug, (await headers()).get(PATH_HEADER) ?? `/${slug}`));
  }
}

/**
 * Whether the team asks this visitor for a SAML sign-in first (services/sso.ts): the layouts then show
 * the SAML sign-in modal instead of a page whose data the services would refuse.
 */
export const needsSamlSignIn = cache(async (slug: string): Promise<boolean> => {
  if (!(await visitorContext())) return false;
  try {
    await scopeOf(await teamContext(slug));
    return false;
  } catch (error) {
    return error instanceof DomainError && error.extra.saml === true;
  }
});

/** Whether the team with this slug can sign people in with SAML (its domain is verified). */
export async function teamUsesSso(slug: string): Promise<boolean> {
  return isTeamSlug(slug) && sso.available(runtime().apiOptions, slug);
}

/** A team the visitor cannot see reads as absent; any other failure is a real error. */
function missing(error: unknown): null {
  if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'forbidden')) return null;
  throw error;
}

/** Where "home" is for this user: their default team, else their personal account. */
export function homePath(user: User, teams: Team[]): string {
  const team = teams.find((t) => t.id === user.defaultTeamId) ?? teams.find((t) => t.personal);
  return `/${team?.slug ?? user.username}`;
}
