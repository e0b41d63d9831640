// The root layout's tracker: read per request, so the operator's NIMBUS_STAFF_EMAIL_DOMAIN reaches the
// browser the way other settings reach pages (as a prop from the server's config).
import { connection } from 'next/server';
import { runtime } from '@/lib/runtime';
import { ActivityTracker } from '@/lib/tracking/activity-tracker';

export async function Tracking() {
  await connection();
  return <ActivityTracker staffEmailDomain={runtime().config.staffEmailDomain} />;
}
