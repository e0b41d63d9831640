// What dashboard server components know about the visitor: the session, their teams and one team
// by slug, each read once per request through the API (so its permission checks apply here too).
import { isReservedSlug } from '@nimbus/core';
import 'server-only';
import type { TeamJson, UserJson } from '@nimbus/api';
import type { SessionReply } from '@nimbus/client';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { serverApi } from './runtime';

export type Session = SessionReply<UserJson>;

/** The session call (spec 7); null when logged out. */
export const getSession = cache(async (): Promise<Session | null> => {
  const { status, data } = await serverApi<Session>('/www/user');
  return status === 200 ? data : null;
});

/** The user's teams, default team first (spec 3). */
export const getTeams = cache(async (): Promise<TeamJson[]> => {
  const { status, data } = await serverApi<{ teams: TeamJson[] }>('/v2/teams');
  return status === 200 ? data.teams : [];
});

// Slugs are lowercase letters, digits and dashes; anything else (favicon.ico, robots.txt) is no team.
const SLUG = /^[a-z0-9-]+$/;

/** Whether a first path segment could be a team at all (never a zone prefix like /blog); checked before asking anyone to log in. */
export function isTeamSlug(segment: string): boolean {
  return SLUG.test(segment) && !isReservedSlug(segment);
}

/** The team with this slug as the user sees it; unknown teams and non-members get the 404 page. */
export const getTeam = cache(async (slug: string): Promise<TeamJson> => {
  if (!isTeamSlug(slug)) notFound();
  const { status, data } = await serverApi<TeamJson>(`/v2/teams/${encodeURIComponent(slug)}`);
  if (status === 404 || status === 403) notFound();
  if (status !== 200) throw new Error(`Loading team "${slug}" failed with status ${status}.`);
  return data;
});

/** Calls the API as the visitor and fails loudly, for data a page cannot render without. */
export async function loadOrThrow<T>(path: string): Promise<T> {
  const { status, data } = await serverApi<T>(path);
  if (status !== 200) throw new Error(`GET ${path} failed with status ${status}.`);
  return data;
}

/** Where "home" is for this user: their default team, else their personal account. */
export function homePath(user: UserJson, teams: TeamJson[]): string {
  const team = teams.find((t) => t.id === user.defaultTeamId) ?? teams.find((t) => t.personal);
  return `/${team?.slug ?? user.username}`;
}
