// /{team}/~/deployments: the deployments of all the team's projects, newest first, filtered and
// paged, live while any of them is queued or building.
import type { Metadata } from 'next';
import { DeploymentList } from '@/components/dashboard/deployments/deployment-list';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { deployments, teamContext } from '@/lib/data';
import { getSession, getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

const PAGE = 20;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Deployments – ${(await params).team}` };
}

export default async function TeamDeploymentsPage({ params }: Props) {
  if (!(await getSession())) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  const first = await deployments.list(await teamContext(team.id), { limit: PAGE });
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title="Deployments"
        description={`Every deployment of ${team.name ?? team.slug}'s projects, newest first.`}
      />
      <DeploymentList
        team={{ id: team.id, slug: team.slug }}
        projectId={null}
        productionId={null}
        initial={first}
        pageSize={PAGE}
      />
    </main>
  );
}
