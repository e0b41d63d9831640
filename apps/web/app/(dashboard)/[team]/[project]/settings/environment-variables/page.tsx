// /{team}/{project}/settings/environment-variables: variables per target, values hidden until
// revealed. Viewers see the keys only.

import type { EnvJson } from '@nimbus/api';
import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { getProject } from '@/components/dashboard/projects/load';
import { EnvVarList } from '@/components/dashboard/projects/settings/env-var-list';
import { ReadOnlyNote } from '@/components/dashboard/team/read-only-note';
import { getSession, getTeam, loadOrThrow } from '@/lib/session';

type Props = { params: Promise<{ team: string; project: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Environment Variables – ${(await params).project}` };
}

export default async function EnvironmentVariablesPage({ params }: Props) {
  if (!(await getSession())) return <LoginRedirect />;
  const { team: slug, project: name } = await params;
  const team = await getTeam(slug);
  const project = await getProject(team.id, name);
  const { envs } = await loadOrThrow<{ envs: EnvJson[] }>(`/v10/projects/${project.id}/env?teamId=${team.id}`);
  const role = team.membership?.role ?? 'VIEWER';
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
