// Feature flags in the dashboard (docs/spec.md §7): the provider makes the flags call for the page's
// team (the URL's, else the default team) and `useFlag` reads one. Reading a flag queues an
// exposure; the queue posts its batch every 2 seconds and when the page is hidden, only when
// tracking is allowed (lib/consent.ts), and announces it for the analytics overlay.
'use client';

import { createExposureQueue, type ExposureQueue, fetchFlags } from '@nimbus/client';
import { STATSIG_PATH } from '@nimbus/core';
import { usePathname, useSearchParams } from 'next/navigation';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import useSWR from 'swr';
import { api } from '@/components/dashboard/api';
import { urlTeamSlug } from '@/components/dashboard/url-scope';
import { isAnalyticsAllowed } from './consent';
import { announceTracked } from './tracked-events';

/** The flags the dashboard reads; staff define them on /admin/flags. */
export const DASHBOARD_FLAGS = {
  /** A "Changelog" link next to "Docs" in the dashboard header. */
  headerChangelog: 'header-changelog-link',
} as const;

const FLUSH_INTERVAL_MS = 2000;

interface FlagsState {
  flags: Record<string, boolean> | undefined;
  queue: ExposureQueue | null;
}

const FlagsContext = createContext<FlagsState>({ flags: undefined, queue: null });

type Props = { userId: string; teams: { id: string; slug: string }[]; children: ReactNode };

export function FlagsProvider({ userId, teams, children }: Props) {
  const slug = urlTeamSlug(usePathname(), useSearchParams());
  const teamId = teams.find((t) => t.slug === slug)?.id;
  const { data } = useSWR(['flags', teamId ?? ''], () => fetchFlags(api(), { teamId }), { revalidateOnFocus: false });
  const subject = useRef({ userId, teamId: data?.teamId ?? null });
  subject.current = { userId, teamId: data?.teamId ?? null };

  const queue = useMemo(
    () =>
      typeof window === 'undefined'
        ? null
        : createExposureQueue({
            allowed: isAnalyticsAllowed,
            user: () => ({ userID: subject.current.userId, customIDs: { teamID: subject.current.teamId } }),
            send: async (batch) => {
              announceTracked('flags', 'statsig', batch);
              await fetch(STATSIG_PATH, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(batch),
                credentials: 'same-origin',
                keepalive: true,
              });
            },
          }),
    [],
  );

  useEffect(() => {
    if (!queue) return;
    const flush = () => void queue.flush().catch(() => {});
    const timer = window.setInterval(flush, FLUSH_INTERVAL_MS);
    window.addEventListener('pagehide', flush);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [queue]);

  const value = useMemo(() => ({ flags: data?.flags, queue }), [data, queue]);
  return <FlagsContext.Provider value={value}>{children}</FlagsContext.Provider>;
}

/** The flag's value for the page's team; false until the flags call answers, and for unknown flags. */
export function useFlag(key: string): boolean {
  const { flags, queue } = useContext(FlagsContext);
  const known = flags !== undefined && key in flags;
  const value = flags?.[key] === true;
  useEffect(() => {
    if (known) queue?.logExposure(key, value);
  }, [known, key, value, queue]);
  return value;
}
