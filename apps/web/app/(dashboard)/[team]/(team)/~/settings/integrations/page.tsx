// /{team}/~/settings/integrations: the team's git connections, outgoing webhooks (with each one's
// recent deliveries and their attempts) and log drains, from GET /v1/integrations's service.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { IntegrationsPanel } from '@/components/dashboard/integrations/integrations-panel';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { ReadOnlyNote } from '@/components/dashboard/team/read-only-note';
import { integrations, teamContext } from '@/lib/data';
import { getSession, getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Integrations – ${(await params).team}` };
}

export default async function TeamIntegrationsPage({ params }: Props) {
  if (!(await getSession())) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  const role = team.membership?.role ?? 'VIEWER';
  if (!can(role, 'integrations:read'))
    return <ReadOnlyNote role={role} what="integrations (owners and members only)" />;
  const ctx = await teamContext(team.id);
  const overview = await integrations.overview(ctx);
  const webhooks = await Promise.all(
    overview.webhooks.map(async (w) => ({
      ...w,
      deliveries: (await integrations.listDeliveries(ctx, w.id)).deliveries,
    })),
  );
  const canWrite = can(role, 'integrations:write');
  return (
    <>
      {!canWrite && <ReadOnlyNote role={role} what="integrations" />}
      <IntegrationsPanel
        teamId={team.id}
        canWrite={canWrite}
        events={overview.events}
        webhooks={webhooks}
        logDrains={overview.logDrains}
        git={overview.git}
      />
    </>
  );
}
