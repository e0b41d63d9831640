// What every marketing, docs and dashboard page carries for consent and analytics: the consent
// banner, the site's own insights script when NIMBUS_SITE_ANALYTICS_PROJECT is set (loaded only with
// consent), and the analytics overlay for staff (members of NIMBUS_STAFF_TEAM) and in preview
// environments (NIMBUS_ENV=preview), as the command menu's internal commands are.
import { runtime } from '@/lib/runtime';
import { getSession } from '@/lib/session';
import { AnalyticsOverlay } from './analytics-overlay';
import { ConsentBanner } from './consent-banner';
import { SiteInsights } from './site-insights';

export async function SiteAnalytics() {
  // The session first: reading cookies marks the page dynamic, so a build never renders this without a runtime.
  const session = await getSession();
  const { config } = runtime();
  const overlay = config.environment === 'preview' || session?.flags.staff === true;
  return (
    <>
      <ConsentBanner />
      {config.siteAnalyticsProject && <SiteInsights />}
      {overlay && <AnalyticsOverlay />}
    </>
  );
}
