// /{team}/{project}/settings/git: the project's git remote (push to deploy), its production branch,
// the Ignored Build Step and root directory, deploy hooks, and the repository `vercel git connect`
// linked, and the connected GitHub/GitLab/Bitbucket/Gitea repository with its webhook URL. Roles that may not change the project see it read-only and no hook URLs.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { requireProjectPage } from '@/components/dashboard/projects/load';
import {
  ConnectedRepository,
  DeployHooks,
  GitBuildForm,
  GitRemote,
} from '@/components/dashboard/projects/settings/git-settings';
import { ReadOnlyNote } from '@/components/dashboard/team/read-only-note';
import { git, gitProviders } from '@/lib/data';

type Props = { params: Promise<{ team: string; project: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Git – ${(await params).project}` };
}

export default async function GitSettingsPage({ params }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { ctx, team, role, project } = page;
  const canEdit = can(role, 'project:update');
  const settings = await git.settings(ctx, project.id);
  const connection = await gitProviders.getConnection(ctx, project.id).catch(() => null);
  return (
    <>
      {!canEdit && <ReadOnlyNote role={role} what="the Git settings" />}
      <GitRemote teamId={team.id} projectId={project.id} settings={settings} canEdit={canEdit} />
      <GitBuildForm teamId={team.id} projectId={project.id} settings={settings} canEdit={canEdit} />
      <ConnectedRepository teamId={team.id} projectId={project.id} connection={connection} canEdit={canEdit} />
      {canEdit && <DeployHooks teamId={team.id} projectId={project.id} settings={settings} />}
    </>
  );
}
