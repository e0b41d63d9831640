'use client';
// What surrounds every project page: the breadcrumb with the project switcher and the project's
// tabs. Layouts stay mounted across navigations, so the server's check (projectPresence) only runs
// on a full load; this frame asks again on every navigation and when the window regains focus, so
// a page left open on a project that was deleted or moved to another team says so, tabs and all.
import { ApiError } from '@nimbus/client';
import { usePathname } from 'next/navigation';
import { type ReactNode, useEffect } from 'react';
import useSWR from 'swr';
import { SubNav } from '../sub-nav';
import { ProjectGone } from './project-gone';
import { ProjectSwitcher } from './project-switcher';

export function ProjectFrame({
  team,
  project,
  projects,
  children,
}: {
  team: { id: string; slug: string; name: string };
  project: string;
  projects: string[];
  children: ReactNode;
}) {
  const pathname = usePathname();
  const { error, mutate } = useSWR(`/v9/projects/${encodeURIComponent(project)}?teamId=${team.id}`);
  useEffect(() => {
    if (pathname) void mutate();
  }, [pathname, mutate]);
  if (error instanceof ApiError && (error.status === 404 || error.status === 403))
    return <ProjectGone team={team.slug} name={project} elsewhere={[]} />;
  const base = `/${team.slug}/${encodeURIComponent(project)}`;
  return (
    <>
      <ProjectSwitcher team={team.slug} teamName={team.name} project={project} projects={projects} />
      <SubNav
        label="Project"
        items={[
          { href: base, label: 'Project', exact: true },
          { href: `${base}/deployments`, label: 'Deployments' },
          { href: `${base}/analytics`, label: 'Analytics' },
          { href: `${base}/speed-insights`, label: 'Speed Insights' },
          { href: `${base}/domains`, label: 'Domains' },
          { href: `${base}/logs`, label: 'Logs' },
          { href: `${base}/settings`, label: 'Settings' },
        ]}
      />
      {children}
    </>
  );
}
