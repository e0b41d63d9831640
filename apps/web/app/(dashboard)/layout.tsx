// The dashboard zone (everything no other zone owns): header, session check and the modals of
// logged-in users (docs/spec.md §4). Logged-out visitors get only the page, which sends them to /login.
// Internal commands show for staff (the session's flags.staff) and in preview environments (docs/spec.md §6).
// Feature flags are evaluated for the page's team (lib/flags.tsx).
// The consent banner, the site's insights script (with consent) and the analytics overlay: SiteAnalytics.
// While builds run without isolation (NIMBUS_BUILD_SANDBOX=off), every signed-in page says so under the header.

import { SCOPE_COOKIE } from '@nimbus/core';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { SiteAnalytics } from '@/components/consent/site-analytics';
import { DashboardHeader } from '@/components/dashboard/dashboard-header';
import { DashboardModals } from '@/components/dashboard/modals/dashboard-modals';
import { SandboxOffBanner } from '@/components/dashboard/sandbox-off-banner';
import { SessionCheck } from '@/components/dashboard/session-check';
import { SwrProvider } from '@/components/dashboard/swr-provider';
import { health } from '@/lib/data';
import { FlagsProvider } from '@/lib/flags';
import { runtime } from '@/lib/runtime';
import { getSession, getTeams } from '@/lib/session';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  if (!session) return children;
  const [teams, jar] = await Promise.all([getTeams(), cookies()]);
  return (
    <SwrProvider>
      <FlagsProvider userId={session.user.id} teams={teams}>
        <DashboardModals
          user={session.user}
          teams={teams}
          internal={session.flags.staff === true || runtime().config.environment === 'preview'}
        >
          <SessionCheck />
          <DashboardHeader user={session.user} teams={teams} scopeCookie={jar.get(SCOPE_COOKIE)?.value ?? null} />
          {health.buildsUnisolated(runtime().apiOptions) && <SandboxOffBanner />}
          {children}
          <SiteAnalytics />
        </DashboardModals>
      </FlagsProvider>
    </SwrProvider>
  );
}
