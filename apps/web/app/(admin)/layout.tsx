// The staff console's frame (/admin, docs/architecture.md "Staff console"): only members of the staff team
// (NIMBUS_STAFF_TEAM, the session's flags.staff) see anything here. Everyone else gets the ordinary
// not-found page, so the console's existence is not revealed; logged-out visitors are sent to log in.
// The services behind every page check staff again (requireStaff): this check only picks the page.
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { AdminCommandButton, AdminCommandMenu } from '@/components/admin/admin-command-menu';
import { ADMIN_SECTIONS } from '@/components/admin/sections';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { SubNav } from '@/components/dashboard/sub-nav';
import { SwrProvider } from '@/components/dashboard/swr-provider';
import { getSession, getTeams, homePath } from '@/lib/session';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  if (!session) return <LoginRedirect />;
  if (session.flags.staff !== true) notFound();
  const teams = await getTeams();
  return (
    <SwrProvider>
      <AdminCommandMenu user={session.user} teams={teams}>
        <header className="border-b border-border">
          <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
            <a href="/admin" className="flex items-center gap-2 text-sm font-semibold">
              Nimbus <span className="rounded bg-subtle px-1.5 py-0.5 text-xs font-medium text-muted">Staff</span>
            </a>
            <div className="flex items-center gap-3">
              <AdminCommandButton />
              <a href={homePath(session.user, teams)} className="text-sm text-muted hover:text-foreground">
                Dashboard
              </a>
            </div>
          </div>
        </header>
        <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[200px_1fr]">
          <aside>
            <SubNav label="Staff console" variant="sidebar" items={ADMIN_SECTIONS} />
          </aside>
          <main id="main" className="flex min-w-0 flex-col gap-6">
            {children}
          </main>
        </div>
      </AdminCommandMenu>
    </SwrProvider>
  );
}
