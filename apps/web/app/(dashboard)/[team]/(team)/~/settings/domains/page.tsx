// /{team}/~/settings/domains: the team's domains, whether each is verified (with the TXT record to
// set when not), which project serves each name under it, and removing one.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { TeamDomainList } from '@/components/dashboard/domains/team-domain-list';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { ReadOnlyNote } from '@/components/dashboard/team/read-only-note';
import { domains, projects, teamContext } from '@/lib/data';
import { getSession, getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Domains – ${(await params).team}` };
}

export default async function TeamDomainsPage({ params }: Props) {
  if (!(await getSession())) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  const role = team.membership?.role ?? 'VIEWER';
  const ctx = await teamContext(team.id);
  const [{ domains: list }, { projects: all }] = await Promise.all([
    domains.list(ctx, { limit: 100 }),
    projects.list(ctx, { limit: 100 }),
  ]);
  const projectName = new Map(all.map((p) => [p.id, p.name]));
  const rows = await Promise.all(
    list.map(async (d) => {
      const { projectDomains } = await domains.projectDomainsOf(ctx, d.name);
      return {
        name: d.name,
        verified: d.verified,
        verification: d.verification,
        names: projectDomains.map((p) => ({ name: p.name, project: projectName.get(p.projectId) ?? p.projectId })),
      };
    }),
  );
  const canWrite = can(role, 'domain:write');
  return (
    <>
      {!canWrite && <ReadOnlyNote role={role} what="domains" />}
      <TeamDomainList teamId={team.id} teamSlug={team.slug} domains={rows} canWrite={canWrite} />
    </>
  );
}
