// /{team}/{project}/deployments: every deployment of the project, filtered and paged, live while any
// of them is queued or building.
import type { Metadata } from 'next';
import { DeploymentList } from '@/components/dashboard/deployments/deployment-list';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { requireProjectPage } from '@/components/dashboard/projects/load';
import { deployments } from '@/lib/data';

type Props = { params: Promise<{ team: string; project: string }> };

const PAGE = 20;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Deployments – ${(await params).project}` };
}

export default async function ProjectDeploymentsPage({ params }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { ctx, team, project } = page;
  const first = await deployments.list(ctx, { projectId: project.id, limit: PAGE });
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader title="Deployments" description={`Every deployment of ${project.name}, newest first.`} />
      <DeploymentList
        team={{ id: team.id, slug: team.slug }}
        projectId={project.id}
        productionId={project.targets.production?.id ?? null}
        initial={first}
        pageSize={PAGE}
      />
    </main>
  );
}
