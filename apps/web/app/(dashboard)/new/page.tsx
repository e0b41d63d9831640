// /new: deploy a new project from the browser (drop a folder or a .zip) or from a terminal. The
// team is ?teamSlug= (docs/spec.md §2), else the scope cookie's team, else the user's home team.

import { can, SCOPE_COOKIE } from '@nimbus/core';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { NewProject } from '@/components/dashboard/deploy/new-project';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { scopeName } from '@/components/dashboard/names';
import { PageHeader } from '@/components/dashboard/page-header';
import { runtime } from '@/lib/runtime';
import { getSession, getTeams, homePath } from '@/lib/session';

export const metadata: Metadata = { title: 'New Project' };

type Props = { searchParams: Promise<{ teamSlug?: string; project?: string }> };

export default async function NewProjectPage({ searchParams }: Props) {
  const session = await getSession();
  if (!session) return <LoginRedirect />;
  const [teams, jar, query] = await Promise.all([getTeams(), cookies(), searchParams]);
  const wanted = [query.teamSlug, jar.get(SCOPE_COOKIE)?.value, homePath(session.user, teams).slice(1)];
  const initial = wanted.find((slug) => teams.some((t) => t.slug === slug)) ?? teams[0]!.slug;
  const options = teams.map((t) => ({
    id: t.id,
    slug: t.slug,
    label: scopeName(t, session.user),
    canDeploy: can(t.membership?.role ?? 'VIEWER', 'deployment:create'),
  }));
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-12 sm:px-6">
      <PageHeader
        title="New Project"
        description="Drop a folder with a static site or a package.json build, and get a live URL."
      />
      <NewProject
        teams={options}
        initialSlug={initial}
        initialName={query.project}
        origin={runtime().config.publicUrl}
      />
    </main>
  );
}
