// /{team}/~/activity: what happened in the team, newest first: deployments, new projects, members
// who joined and invitations sent (services/teams.ts `activity`). Owners also find the full audit
// log from here (settings/audit-log).
import { can } from '@nimbus/core';
import { buttonClass } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { deploymentPath, projectPath } from '@/components/dashboard/deployments/links';
import { TimeAgo } from '@/components/dashboard/deployments/time-ago';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { ROLE_LABELS } from '@/components/dashboard/team/role-options';
import { teamContext, teams } from '@/lib/data';
import { getSession, getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };
type Event = Awaited<ReturnType<typeof teams.activity>>['events'][number];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Activity – ${(await params).team}` };
}

const link = 'font-medium text-foreground underline-offset-4 hover:underline';

function describe(e: Event, team: string) {
  const who = <span className="font-medium text-foreground">{e.actor ?? 'Someone'}</span>;
  switch (e.kind) {
    case 'deployment':
      return (
        <>
          {who} deployed{' '}
          <Link className={link} href={projectPath(team, e.project)}>
            {e.project}
          </Link>{' '}
          to {e.target === 'production' ? 'production' : 'preview'}:{' '}
          <Link className={link} href={deploymentPath(team, e.project, e.deploymentId)}>
            {e.state.toLowerCase()}
          </Link>
        </>
      );
    case 'project':
      return (
        <>
          Project{' '}
          <Link className={link} href={projectPath(team, e.project)}>
            {e.project}
          </Link>{' '}
          was created
        </>
      );
    case 'member':
      return (
        <>
          {who} joined as {ROLE_LABELS[e.role]}
        </>
      );
    case 'invitation':
      return (
        <>
          {who} invited {e.email ?? 'someone'} as {ROLE_LABELS[e.role]}
        </>
      );
  }
}

export default async function TeamActivityPage({ params }: Props) {
  if (!(await getSession())) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  const { events } = await teams.activity(await teamContext(team.id), team.id);
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title="Activity"
        description="Deployments, new projects, members and invitations, newest first."
        actions={
          can(team.membership?.role ?? 'VIEWER', 'audit:read') && (
            <Link className={buttonClass()} href={`/${team.slug}/~/settings/audit-log`}>
              Audit log
            </Link>
          )
        }
      />
      {events.length ? (
        <ol aria-label="Activity" className="divide-y divide-border rounded-lg border border-border">
          {events.map((e, i) => (
            <li
              key={`${e.kind}-${e.at}-${i}`}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm text-muted"
            >
              <span className="min-w-0">{describe(e, team.slug)}</span>
              <TimeAgo ms={e.at} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">Nothing has happened in this team yet.</p>
      )}
    </main>
  );
}
