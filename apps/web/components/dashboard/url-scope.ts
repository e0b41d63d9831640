'use client';
// The team a dashboard page belongs to, read from its URL: `/{team}/...`, or `/new?teamSlug=` for the
// new-project page. The header's scope switcher and the command menu follow it, so the scope shown is
// always the page's, never an older choice kept in the scope cookie.
import { usePathname, useSearchParams } from 'next/navigation';

export function urlTeamSlug(pathname: string, search: { get(name: string): string | null } | null): string | undefined {
  const segment = pathname.split('/')[1];
  if (segment === 'new') return search?.get('teamSlug') ?? undefined;
  return segment || undefined;
}

/** The team of the current URL among `teams`, if it names one of them. */
export function useUrlTeam<T extends { slug: string }>(teams: readonly T[]): T | undefined {
  const slug = urlTeamSlug(usePathname(), useSearchParams());
  return slug === undefined ? undefined : teams.find((t) => t.slug === slug);
}
