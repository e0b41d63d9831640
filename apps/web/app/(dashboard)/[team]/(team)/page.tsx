// /{team}: the team overview. Projects arrive with their own issue; until then the page shows the
// team, its plan, and how to make the first deployment.
import type { Metadata } from 'next';
import Link from 'next/link';
import { Badge, buttonClass } from '@nimbus/ui';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { planLabel, scopeName } from '@/components/dashboard/names';
import { PageHeader } from '@/components/dashboard/page-header';
import { FirstDeploy } from '@/components/dashboard/team/first-deploy';
import { runtime } from '@/lib/runtime';
import { getSession, getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { team: slug } = await params;
  const session = await getSession();
  if (!session) return { title: slug };
  const team = await getTeam(slug);
  return { title: scopeName(team, session.user) };
}

export default async function TeamOverviewPage({ params }: Props) {
  const session = await getSession();
  if (!session) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title={scopeName(team, session.user)}
        badge={<Badge tone={team.billing.plan === 'hobby' ? 'neutral' : 'blue'}>{planLabel(team.billing.plan)}</Badge>}
        description={team.personal ? 'Your personal account' : `nimbus / ${team.slug}`}
        actions={
          <Link href={`/${team.slug}/~/settings`} className={buttonClass()}>
            Settings
          </Link>
        }
      />
      <FirstDeploy slug={team.slug} origin={runtime().config.publicUrl} />
    </main>
  );
}
