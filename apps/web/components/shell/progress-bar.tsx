'use client';
import { PROGRESS } from '@nimbus/core';
import { usePathname, useSearchParams } from 'next/navigation';
// The top progress bar (docs/spec.md §2, §9): starts 1000 ms after a route change begins, so fast navigations
// show nothing. The App Router has no route events, so a change begins at an internal link click, seen in
// the capture phase: by the bubble phase next/link has already called preventDefault on it. The listener is
// added when this module loads rather than when the component mounts, so a click made before the page has
// hydrated (a full page load, on a slow connection the likeliest time to click) shows the bar too.
import NProgress from 'nprogress';
import { useEffect, useRef } from 'react';

NProgress.configure({
  minimum: PROGRESS.minimum,
  speed: PROGRESS.speed,
  trickleSpeed: PROGRESS.trickleSpeed,
  showSpinner: false,
});

let timer: ReturnType<typeof setTimeout> | undefined;

function startRouteProgress() {
  clearTimeout(timer);
  timer = setTimeout(() => NProgress.start(), PROGRESS.delayMs);
}

function onClick(event: MouseEvent) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest?.('a');
  if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search)) return;
  startRouteProgress();
}

if (typeof document !== 'undefined') document.addEventListener('click', onClick, true);

export function ProgressBar() {
  const route = `${usePathname()}?${useSearchParams()}`;
  // The route the bar last finished at: the first render is the page that loaded, and a click made before
  // hydration is still on its way from it.
  const shown = useRef(route);
  useEffect(() => {
    if (shown.current === route) return;
    shown.current = route;
    clearTimeout(timer);
    NProgress.done();
  }, [route]);
  return null;
}
