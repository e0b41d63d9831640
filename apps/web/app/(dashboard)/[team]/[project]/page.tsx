// /{team}/{project}: what serves production (host, deployment, domains) and the latest deployments,
// live while any of them builds.

import { can } from '@nimbus/core';
import { buttonClass } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { DeploymentList } from '@/components/dashboard/deployments/deployment-list';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { requestProtocol, requireProjectPage } from '@/components/dashboard/projects/load';
import { ProductionCard } from '@/components/dashboard/projects/production-card';
import { deployments, projectDomains } from '@/lib/data';

type Props = { params: Promise<{ team: string; project: string }> };

const RECENT = 10;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await params).project };
}

export default async function ProjectPage({ params }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { ctx, team, role, project } = page;
  const [recent, protocol, { domains }] = await Promise.all([
    deployments.list(ctx, { projectId: project.id, limit: RECENT }),
    requestProtocol(),
    projectDomains.list(ctx, project.id),
  ]);
  const production = project.targets.production;
  // The production deployment is usually among the recent ones, which name their creator.
  const productionCreator = recent.deployments.find((d) => d.uid === production?.id)?.creator.username;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title={project.name}
        description={project.framework ? `Framework: ${project.framework}` : 'Framework detected at build time'}
        actions={
          can(role, 'deployment:create') && (
            <Link
              href={`/new?teamSlug=${team.slug}&project=${project.name}`}
              className={buttonClass({ size: 'small' })}
            >
              Deploy
            </Link>
          )
        }
      />
      <ProductionCard
        team={team.slug}
        production={production}
        protocol={protocol}
        creator={productionCreator || undefined}
        domains={domains}
      />
      <section aria-labelledby="recent-title" className="flex flex-col gap-4">
        <div className="flex items-end justify-between gap-4">
          <h2 id="recent-title" className="text-lg font-semibold tracking-tight">
            Recent deployments
          </h2>
          <Link href={`/${team.slug}/${project.name}/deployments`} className="text-sm text-muted hover:text-foreground">
            All deployments
          </Link>
        </div>
        <DeploymentList
          team={{ id: team.id, slug: team.slug }}
          projectId={project.id}
          productionId={production?.id ?? null}
          initial={recent}
          pageSize={RECENT}
        />
      </section>
    </main>
  );
}
