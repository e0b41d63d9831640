// /{team}: the team overview: the team, its plan and its projects (production host, newest
// deployment, search), or, before the first project, how to make the first deployment.

import { can } from '@nimbus/core';
import { Badge, buttonClass } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { planLabel, scopeName } from '@/components/dashboard/names';
import { PageHeader } from '@/components/dashboard/page-header';
import { requestProtocol } from '@/components/dashboard/projects/load';
import { ProjectList } from '@/components/dashboard/projects/project-list';
import { FirstDeploy } from '@/components/dashboard/team/first-deploy';
import { projects as projectService, teamContext } from '@/lib/data';
import { runtime } from '@/lib/runtime';
import { getSession, getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

const PROJECTS_PAGE = 24;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { team: slug } = await params;
  const session = await getSession();
  if (!session) return { title: slug };
  const team = await getTeam(slug);
  return { title: scopeName(team, session.user) };
}

export default async function TeamOverviewPage({ params }: Props) {
  const session = await getSession();
  if (!session) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  const [projects, protocol] = await Promise.all([
    projectService.list(await teamContext(team.id), { limit: PROJECTS_PAGE }),
    requestProtocol(),
  ]);
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title={scopeName(team, session.user)}
        badge={<Badge tone={team.billing.plan === 'hobby' ? 'neutral' : 'blue'}>{planLabel(team.billing.plan)}</Badge>}
        description={team.personal ? 'Your personal account' : `nimbus / ${team.slug}`}
        actions={
          <>
            <Link href={`/${team.slug}/~/settings`} className={buttonClass()}>
              Settings
            </Link>
            {can(team.membership?.role ?? 'VIEWER', 'project:create') && (
              <Link href={`/new?teamSlug=${team.slug}`} className={buttonClass({ variant: 'primary' })}>
                New project
              </Link>
            )}
          </>
        }
      />
      {projects.projects.length ? (
        <ProjectList
          team={{ id: team.id, slug: team.slug }}
          initial={projects}
          pageSize={PROJECTS_PAGE}
          protocol={protocol}
        />
      ) : (
        <FirstDeploy slug={team.slug} origin={runtime().config.publicUrl} />
      )}
    </main>
  );
}
