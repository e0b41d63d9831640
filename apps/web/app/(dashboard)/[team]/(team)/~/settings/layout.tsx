// Team settings: a side nav (General, Members, Domains, Integrations, Billing, Security, Audit log) beside the section; more sections slot in here.
import type { ReactNode } from 'react';
import { PageHeader, SettingsLayout } from '@/components/dashboard/page-header';
import { SubNav } from '@/components/dashboard/sub-nav';
import { getSession } from '@/lib/session';

export default async function TeamSettingsLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ team: string }>;
}) {
  if (!(await getSession())) return children;
  const base = `/${(await params).team}/~/settings`;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader title="Team settings" />
      <SettingsLayout
        nav={
          <SubNav
            label="Team settings"
            variant="sidebar"
            items={[
              { href: base, label: 'General', exact: true },
              { href: `${base}/members`, label: 'Members' },
              { href: `${base}/domains`, label: 'Domains' },
              { href: `${base}/integrations`, label: 'Integrations' },
              { href: `${base}/billing`, label: 'Billing' },
              { href: `${base}/security`, label: 'Security' },
              { href: `${base}/audit-log`, label: 'Audit log' },
            ]}
          />
        }
      >
        {children}
      </SettingsLayout>
    </main>
  );
}
