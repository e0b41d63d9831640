// /{team}/{project}/domains: the project's custom domains, each with its status, the exact DNS
// records to set, what the look-up sees now, and Refresh / Edit / Remove. Viewers see them read-only.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { ProjectDomains } from '@/components/dashboard/domains/project-domains';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { requireProjectPage } from '@/components/dashboard/projects/load';
import { ReadOnlyNote } from '@/components/dashboard/team/read-only-note';
import { projectDomains } from '@/lib/data';
import { runtime } from '@/lib/runtime';

type Props = { params: Promise<{ team: string; project: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Domains – ${(await params).project}` };
}

export default async function ProjectDomainsPage({ params }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { ctx, team, role, project } = page;
  const { domains } = await projectDomains.list(ctx, project.id);
  const canWrite = can(role, 'domain:write');
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title="Domains"
        description={`Serve ${project.name}'s production deployment on your own domain names.`}
      />
      {!canWrite && <ReadOnlyNote role={role} what="domains" />}
      <ProjectDomains
        teamId={team.id}
        project={project.name}
        initial={domains}
        canWrite={canWrite}
        deployDomain={runtime().apiOptions.deployDomain}
      />
    </main>
  );
}
