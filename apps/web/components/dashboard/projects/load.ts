// What every project page needs before it renders, resolved once per request: the visitor, the
// team of the URL, the service context acting for it and the project (with its newest and
// production deployments). Unknown teams and projects get the 404 page; logged-out visitors null.
import 'server-only';
import { DomainError, projectNameProblem } from '@nimbus/core';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { projects, teamContext, visitorContext } from '@/lib/data';
import { getTeam, getTeams } from '@/lib/session';

/** The 404 page for a project or deployment that is not there (or not visible to this visitor). */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'forbidden')) notFound();
    throw error;
  }
}

const loadProjectPage = cache(async (slug: string, name: string) => {
  if (!(await visitorContext())) return null;
  // "~" (team settings) and stray file names are never project names.
  if (projectNameProblem(name)) notFound();
  const team = await getTeam(slug);
  const ctx = await teamContext(team.id);
  const project = await orNotFound(projects.get(ctx, name));
  return { ctx, team, role: team.membership?.role ?? 'VIEWER', project };
});

export type ProjectPageData = NonNullable<Awaited<ReturnType<typeof loadProjectPage>>>;

/** Session, team and project of a project page, loaded once per request; null when logged out. */
export async function requireProjectPage(params: Promise<{ team: string; project: string }>) {
  const { team, project } = await params;
  return loadProjectPage(team, project);
}

/** The protocol this page was requested with (behind a TLS proxy: X-Forwarded-Proto). */
export async function requestProtocol(): Promise<string> {
  const proto = (await headers()).get('x-forwarded-proto')?.split(',')[0]?.trim();
  return proto === 'https' ? 'https:' : 'http:';
}

/**
 * Whether the project of the URL is in its team, checked by the project layout so a project
 * deleted or moved to another team reads as such rather than under its tabs; when it is gone, the
 * visitor's other teams that have a project of that name (where it may have moved to).
 */
export const projectPresence = cache(async (slug: string, name: string) => {
  if (!(await visitorContext()) || projectNameProblem(name)) return { here: true, elsewhere: [] };
  const team = await getTeam(slug);
  const found = async (teamId: string) =>
    projects.get(await teamContext(teamId), name).then(
      () => true,
      (error) => {
        if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'forbidden')) return false;
        throw error;
      },
    );
  if (await found(team.id)) return { here: true, elsewhere: [] };
  const others = (await getTeams()).filter((t) => t.id !== team.id);
  const has = await Promise.all(others.map((t) => found(t.id)));
  return {
    here: false,
    elsewhere: others.filter((_, i) => has[i]).map((t) => ({ slug: t.slug, name: t.name ?? t.slug })),
  };
});
