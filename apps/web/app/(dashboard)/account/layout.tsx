// Account settings: personal things that follow the user across teams (profile, tokens).
import type { ReactNode } from 'react';
import { PageHeader, SettingsLayout } from '@/components/dashboard/page-header';
import { SubNav } from '@/components/dashboard/sub-nav';
import { getSession } from '@/lib/session';

export default async function AccountLayout({ children }: { children: ReactNode }) {
  if (!(await getSession())) return children;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader title="Account settings" />
      <SettingsLayout
        nav={
          <SubNav
            label="Account settings"
            variant="sidebar"
            items={[
              { href: '/account', label: 'General', exact: true },
              { href: '/account/tokens', label: 'Tokens' },
            ]}
          />
        }
      >
        {children}
      </SettingsLayout>
    </main>
  );
}
