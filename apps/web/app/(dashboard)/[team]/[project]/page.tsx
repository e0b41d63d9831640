// /{team}/{project}: what serves production (host, deployment, domains) and the latest deployments,
// live while any of them builds.

import { can } from '@nimbus/core';
import { buttonClass } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { DeploymentList, type DeploymentPage } from '@/components/dashboard/deployments/deployment-list';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { getCreatorNames, getProject, requestProtocol } from '@/components/dashboard/projects/load';
import { ProductionCard } from '@/components/dashboard/projects/production-card';
import { getSession, getTeam, loadOrThrow } from '@/lib/session';

type Props = { params: Promise<{ team: string; project: string }> };

const RECENT = 10;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await params).project };
}

export default async function ProjectPage({ params }: Props) {
  const session = await getSession();
  if (!session) return <LoginRedirect />;
  const { team: slug, project: name } = await params;
  const team = await getTeam(slug);
  const project = await getProject(team.id, name);
  const [recent, creators, protocol] = await Promise.all([
    loadOrThrow<DeploymentPage>(`/v6/deployments?teamId=${team.id}&projectId=${project.id}&limit=${RECENT}`),
    getCreatorNames(team),
    requestProtocol(),
  ]);
  const production = project.targets.production;
  const role = team.membership?.role ?? 'VIEWER';
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
        creator={production?.userId ? creators[production.userId] : undefined}
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
          creators={creators}
          initial={recent}
          pageSize={RECENT}
        />
      </section>
    </main>
  );
}
