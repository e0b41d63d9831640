// /{team}/{project}/settings/deployment-protection: Nimbus Authentication, password protection and
// the automation bypass secrets. Roles that may not change the project see the settings read-only
// and no secrets.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { requireProjectPage } from '@/components/dashboard/projects/load';
import { BypassSecrets } from '@/components/dashboard/projects/settings/bypass-secrets';
import { ProtectionForm } from '@/components/dashboard/projects/settings/protection-form';
import { ReadOnlyNote } from '@/components/dashboard/team/read-only-note';

type Props = { params: Promise<{ team: string; project: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Deployment Protection – ${(await params).project}` };
}

export default async function DeploymentProtectionPage({ params }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { team, role, project } = page;
  const canEdit = can(role, 'project:update');
  return (
    <>
      {!canEdit && <ReadOnlyNote role={role} what="deployment protection" />}
      <ProtectionForm teamId={team.id} project={project} canEdit={canEdit} />
      {canEdit && <BypassSecrets teamId={team.id} project={project} />}
    </>
  );
}
