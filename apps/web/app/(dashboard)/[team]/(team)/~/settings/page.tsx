// /{team}/~/settings: name, URL slug, SAML single sign-on and deletion. Owners edit; other roles see read-only values.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { DeleteTeam } from '@/components/dashboard/team/delete-team';
import { ReadOnlyNote } from '@/components/dashboard/team/read-only-note';
import { SamlSettings } from '@/components/dashboard/team/saml-settings';
import { TeamNameForm } from '@/components/dashboard/team/team-name-form';
import { TeamSlugForm } from '@/components/dashboard/team/team-slug-form';
import { BulkTransferCard } from '@/components/dashboard/transfer/bulk-transfer-card';
import { ssoSettings, teamContext } from '@/lib/data';
import { runtime } from '@/lib/runtime';
import { getSession, getTeam, getTeams } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Settings – ${(await params).team}` };
}

export default async function TeamGeneralSettingsPage({ params }: Props) {
  const session = await getSession();
  if (!session) return <LoginRedirect />;
  const [team, teams] = await Promise.all([getTeam((await params).team), getTeams()]);
  const role = team.membership?.role ?? 'VIEWER';
  const canEdit = can(role, 'team:update');
  const personal = teams.find((t) => t.personal);
  const host = new URL(runtime().config.publicUrl).host;
  const saml = canEdit && !team.personal ? await ssoSettings.get(await teamContext(team.id)) : null;
  return (
    <>
      {!canEdit && <ReadOnlyNote role={role} />}
      <TeamNameForm team={team} canEdit={canEdit} />
      <TeamSlugForm team={team} canEdit={canEdit} host={host} />
      {saml && <SamlSettings teamId={team.id} settings={saml} />}
      {can(role, 'project:transfer') && <BulkTransferCard team={team} />}
      {!team.personal && can(role, 'team:delete') && (
        <DeleteTeam team={team} afterDelete={`/${personal?.slug ?? session.user.username}`} />
      )}
    </>
  );
}
