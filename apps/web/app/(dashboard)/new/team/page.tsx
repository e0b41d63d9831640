// /new/team: create a team (issue #2).
import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { CreateTeamForm } from '@/components/dashboard/team/create-team-form';
import { runtime } from '@/lib/runtime';
import { getSession } from '@/lib/session';

export const metadata: Metadata = { title: 'Create a team' };

export default async function NewTeamPage() {
  if (!(await getSession())) return <LoginRedirect />;
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12 sm:px-6">
      <PageHeader
        title="Create a team"
        description="Teams share projects, deployments and settings. Invite people once the team exists."
      />
      <CreateTeamForm host={new URL(runtime().config.publicUrl).host} />
    </main>
  );
}
