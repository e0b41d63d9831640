'use client';
import { PROGRESS } from '@nimbus/core';
import { usePathname, useSearchParams } from 'next/navigation';
// The top progress bar (docs/spec.md §2, §9): starts 1000 ms after a route change begins, so fast navigations
// show nothing. The App Router has no route events, so a change begins at an internal link click, seen in
// the capture phase: by the bubble phase next/link has already called preventDefault on it.
import NProgress from 'nprogress';
import { useEffect } from 'react';

NProgress.configure({
  minimum: PROGRESS.minimum,
  speed: PROGRESS.speed,
  trickleSpeed: PROGRESS.trickleSpeed,
  showSpinner: false,
});

let timer: ReturnType<typeof setTimeout> | undefined;

export function startRouteProgress() {
  clearTimeout(timer);
  timer = setTimeout(() => NProgress.start(), PROGRESS.delayMs);
}

export function ProgressBar() {
  const pathname = usePathname();
  const search = useSearchParams();
  useEffect(() => {
    clearTimeout(timer);
    NProgress.done();
  }, [pathname, search]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest?.('a');
      if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search))
        return;
      startRouteProgress();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
