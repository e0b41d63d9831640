// /{team}/{project}/settings/environment-variables: variables per target, values hidden until
// revealed. Viewers see the keys only.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { requireProjectPage } from '@/components/dashboard/projects/load';
import { EnvVarList } from '@/components/dashboard/projects/settings/env-var-list';
import { ReadOnlyNote } from '@/components/dashboard/team/read-only-note';
import { env } from '@/lib/data';

type Props = { params: Promise<{ team: string; project: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Environment Variables – ${(await params).project}` };
}

export default async function EnvironmentVariablesPage({ params }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { ctx, team, role, project } = page;
  const { envs } = await env.list(ctx, project.id);
  const canWrite = can(role, 'env:write');
  return (
    <>
      {!canWrite && <ReadOnlyNote role={role} what="environment variables" />}
      <EnvVarList
        teamId={team.id}
        project={project.name}
        initial={envs}
        canRead={can(role, 'env:read')}
        canWrite={canWrite}
      />
    </>
  );
}
