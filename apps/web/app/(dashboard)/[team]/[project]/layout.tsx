// Project pages share these tabs under the header: the project, its deployments, its settings.
// A deployment page sits below them too. `/{team}/~/…` never lands here: the static `~` segment of
// the (team) group wins, and "~" is no project name anyway (projects/load.ts). A project that is not
// in the team (deleted or moved while its page was open) gets ProjectGone instead of its tabs.
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { projectPath } from '@/components/dashboard/deployments/links';
import { projectPresence } from '@/components/dashboard/projects/load';
import { ProjectGone } from '@/components/dashboard/projects/project-gone';
import { SubNav } from '@/components/dashboard/sub-nav';
import { getSession, isTeamSlug } from '@/lib/session';

type Props = { children: ReactNode; params: Promise<{ team: string; project: string }> };

export default async function ProjectLayout({ children, params }: Props) {
  const { team, project } = await params;
  if (!isTeamSlug(team)) notFound();
  if (!(await getSession())) return children;
  const presence = await projectPresence(team, project);
  if (!presence.here) return <ProjectGone team={team} name={project} elsewhere={presence.elsewhere} />;
  const base = projectPath(team, project);
  return (
    <>
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
