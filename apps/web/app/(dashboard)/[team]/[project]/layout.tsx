// Project pages share the breadcrumb (with its project switcher) and these tabs under the header:
// the project, its deployments, its settings. A deployment page sits below them too.
// `/{team}/~/…` never lands here: the static `~` segment of the (team) group wins, and "~" is no
// project name anyway (projects/load.ts). A project that is not in the team (deleted or moved) gets
// ProjectGone instead of its tabs: checked here on a full load, and by ProjectFrame as pages change.
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { SamlSignInModal } from '@/components/dashboard/auth/saml-sign-in-modal';
import { projectPresence } from '@/components/dashboard/projects/load';
import { ProjectFrame } from '@/components/dashboard/projects/project-frame';
import { ProjectGone } from '@/components/dashboard/projects/project-gone';
import { projects, teamContext } from '@/lib/data';
import { getSession, getTeam, isTeamSlug, needsSamlSignIn } from '@/lib/session';

type Props = { children: ReactNode; params: Promise<{ team: string; project: string }> };

export default async function ProjectLayout({ children, params }: Props) {
  const { team, project } = await params;
  if (!isTeamSlug(team)) notFound();
  if (!(await getSession())) return children;
  if (await needsSamlSignIn(team)) return <SamlSignInModal teamSlug={team} />;
  const name = decodeURIComponent(project);
  const presence = await projectPresence(team, name);
  if (!presence.here) return <ProjectGone team={team} name={name} elsewhere={presence.elsewhere} />;
  const scope = await getTeam(team);
  const list = await projects.list(await teamContext(scope.id), { limit: 100 });
  // The activity records of these pages name the project (lib/tracking reads data-project-id).
  const id = list.projects.find((p) => p.name === name)?.id;
  return (
    <div data-project-id={id} className="contents">
      <ProjectFrame
        team={{ id: scope.id, slug: scope.slug, name: scope.name ?? scope.slug }}
        project={name}
        projects={list.projects.map((p) => p.name)}
      >
        {children}
      </ProjectFrame>
    </div>
  );
}
