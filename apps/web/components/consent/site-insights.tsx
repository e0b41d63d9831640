'use client';
// Nimbus's own insights script (NIMBUS_SITE_ANALYTICS_PROJECT): the front server serves
// /_nimbus/insights/script.js on the public host for that project. It is added to the page only once
// consent allows it, at once after Accept without a reload, and once per page however many layouts
// mount this. When it cannot load (an ad blocker, or analytics not enabled), the console says what
// to check (docs/spec.md §8).
import { INSIGHTS_SCRIPT_FAILED_MESSAGE, SITE_INSIGHTS_SCRIPT_PATH } from '@nimbus/core';
import { useEffect } from 'react';
import { whenAnalyticsAllowed } from '@/lib/consent';
import { announceTracked } from '@/lib/tracked-events';

export function loadSiteInsights(): void {
  if (document.querySelector(`script[src="${SITE_INSIGHTS_SCRIPT_PATH}"]`)) return;
  const script = document.createElement('script');
  script.src = SITE_INSIGHTS_SCRIPT_PATH;
  script.defer = true;
  script.addEventListener('error', () => console.error(INSIGHTS_SCRIPT_FAILED_MESSAGE));
  announceTracked('insights', 'script', { src: SITE_INSIGHTS_SCRIPT_PATH });
  document.head.appendChild(script);
}

export function SiteInsights() {
  useEffect(() => whenAnalyticsAllowed(loadSiteInsights), []);
  return null;
}
