// Team-level pages share these tabs. Deeper sections (a project, a deployment) live beside this
// route group under [team] and bring their own <SubNav>.
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { SamlSignInModal } from '@/components/dashboard/auth/saml-sign-in-modal';
import { SubNav } from '@/components/dashboard/sub-nav';
import { UsageBanner } from '@/components/dashboard/usage/usage-banner';
import { getSession, getTeam, isTeamSlug, needsSamlSignIn } from '@/lib/session';

export default async function TeamLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ team: string }>;
}) {
  const { team } = await params;
  // A stray file request (/favicon.ico) is a 404, not a reason to send anyone to log in.
  if (!isTeamSlug(team)) notFound();
  if (!(await getSession())) return children;
  if (await needsSamlSignIn(team)) return <SamlSignInModal teamSlug={team} />;
  const base = `/${team}`;
  return (
    <>
      <SubNav
        label="Team"
        items={[
          { href: base, label: 'Overview', exact: true },
          { href: `${base}/~/deployments`, label: 'Deployments' },
          { href: `${base}/~/activity`, label: 'Activity' },
          { href: `${base}/~/usage`, label: 'Usage' },
          { href: `${base}/~/settings`, label: 'Settings' },
        ]}
      />
      <UsageBanner team={await getTeam(team)} />
      {children}
    </>
  );
}
