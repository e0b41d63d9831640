// /{team}/{project}/{deploymentId}: one deployment, live (state timeline, build log, files) with the
// actions the viewer's role allows.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DeploymentView } from '@/components/dashboard/deployments/deployment-view';
import { projectPath } from '@/components/dashboard/deployments/links';
import { VisitButton } from '@/components/dashboard/deployments/visit-button';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { orNotFound, requestProtocol, requireProjectPage } from '@/components/dashboard/projects/load';
import { deployments } from '@/lib/data';

type Props = { params: Promise<{ team: string; project: string; deployment: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { project, deployment } = await params;
  return { title: `${deployment} – ${project}` };
}

export default async function DeploymentPage({ params }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { ctx, team, role, project } = page;
  const [deployment, protocol] = await Promise.all([
    orNotFound(deployments.get(ctx, (await params).deployment)),
    requestProtocol(),
  ]);
  if (deployment.projectId !== project.id) notFound();
  return (
    <main
      id="main"
      data-deployment-id={deployment.id}
      className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6"
    >
      <PageHeader
        title="Deployment"
        description={
          <>
            <Link href={projectPath(team.slug, project.name)} className="hover:text-foreground">
              {project.name}
            </Link>{' '}
            / <span className="font-mono">{deployment.id}</span>
          </>
        }
        actions={<VisitButton teamId={team.id} initial={deployment} protocol={protocol} />}
      />
      <DeploymentView
        team={{ id: team.id, slug: team.slug }}
        project={project}
        initial={deployment}
        protocol={protocol}
        creator={deployment.creator.username || undefined}
        can={{
          promote: can(role, 'deployment:promote'),
          create: can(role, 'deployment:create'),
          cancel: can(role, 'deployment:cancel'),
          delete: can(role, 'deployment:delete'),
        }}
      />
    </main>
  );
}
