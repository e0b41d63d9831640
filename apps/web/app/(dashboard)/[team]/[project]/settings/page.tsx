// /{team}/{project}/settings: name, build settings and deletion. Roles that may not change the
// project see the values with the inputs disabled, and why.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { requireProjectPage } from '@/components/dashboard/projects/load';
import { BuildSettingsForm } from '@/components/dashboard/projects/settings/build-settings-form';
import { DeleteProject } from '@/components/dashboard/projects/settings/delete-project';
import { ProjectNameForm } from '@/components/dashboard/projects/settings/project-name-form';
import { ReadOnlyNote } from '@/components/dashboard/team/read-only-note';
import { TransferProjectCard } from '@/components/dashboard/transfer/transfer-project-card';

type Props = { params: Promise<{ team: string; project: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Settings – ${(await params).project}` };
}

export default async function ProjectSettingsPage({ params }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { team, role, project } = page;
  const canEdit = can(role, 'project:update');
  const scope = { id: team.id, slug: team.slug };
  return (
    <>
      {!canEdit && <ReadOnlyNote role={role} what="project settings" />}
      <ProjectNameForm team={scope} project={project} canEdit={canEdit} />
      <BuildSettingsForm teamId={team.id} project={project} canEdit={canEdit} />
      <TransferProjectCard team={team} project={project} />
      {can(role, 'project:delete') && <DeleteProject team={scope} project={project} />}
    </>
  );
}
