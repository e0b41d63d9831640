// Project pages share these tabs under the header: the project, its deployments, its settings.
// A deployment page sits below them too. `/{team}/~/…` never lands here: the static `~` segment of
// the (team) group wins, and "~" is no project name anyway (projects/load.ts). A project that is not
// in the team (deleted or moved while its page was open) gets ProjectGone instead of its tabs.
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { projectPath } from '@/components/dashboard/deployments/links';
import { projectPresence } from '@/components/dashboard/projects/load';
import { ProjectGone } from '@/components/dashboard/projects/project-gone';
import { ProjectSwitcher } from '@/components/dashboard/projects/project-switcher';
import { SubNav } from '@/components/dashboard/sub-nav';
import { projects, teamContext } from '@/lib/data';
import { getSession, getTeam, isTeamSlug } from '@/lib/session';

type Props = { children: ReactNode; params: Promise<{ team: string; project: string }> };

export default async function ProjectLayout({ children, params }: Props) {
  const { team, project } = await params;
  if (!isTeamSlug(team)) notFound();
  if (!(await getSession())) return children;
  const presence = await projectPresence(team, project);
  if (!presence.here) return <ProjectGone team={team} name={project} elsewhere={presence.elsewhere} />;
  const base = projectPath(team, project);
  const scope = await getTeam(team);
  const list = await projects.list(await teamContext(scope.id), { limit: 100 });
  return (
    <>
      <ProjectSwitcher
        team={team}
        teamName={scope.name ?? scope.slug}
        project={decodeURIComponent(project)}
        projects={list.projects.map((p) => p.name)}
      />
      <SubNav
        label="Project"
        items={[
          { href: base, label: 'Project', exact: true },
          { href: `${base}/deployments`, label: 'Deployments' },
          { href: `${base}/settings`, label: 'Settings' },
        ]}
      />
      {children}
    </>
  );
}
