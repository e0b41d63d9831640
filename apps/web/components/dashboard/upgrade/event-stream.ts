// Sends a record to the internal event stream (docs/spec.md §7): `POST /api/stream/internal` as a beacon
// with JSON {topic, record}, the record stamped with an id and event_time; a plain POST when the
// browser has no beacon or refuses it (queue full). Users with the staff e-mail domain are never
// tracked (docs/spec.md §1). Fire and forget: analytics never breaks the page.
// Consent is checked here, inside sendInternalEvent, so every caller is gated: a visitor who declined
// sends nothing; one who has not chosen sends only once the server says they need not be asked.
// What is sent is announced to the analytics overlay (lib/tracked-events.ts). Relative imports: its
// unit test runs in Vitest, which does not know the app's `@/` alias.
import { isStaffEmail, STAFF_EMAIL_DOMAIN } from '@nimbus/core';
import { analyticsAllowedNow, isAnalyticsAllowed, readConsent } from '../../../lib/consent';
import { announceTracked } from '../../../lib/tracked-events';

export const STREAM_PATH = '/api/stream/internal';

/** Whether the upgrade modal may record this user: not at the staff domain (the stream drops them too). */
export function isTracked(email: string): boolean {
  return !isStaffEmail(email, STAFF_EMAIL_DOMAIN);
}

export function sendInternalEvent(
  topic: string,
  fields: Record<string, unknown>,
  nav: Pick<Navigator, 'sendBeacon'> | undefined = globalThis.navigator,
): string {
  const record = { ...fields, id: crypto.randomUUID(), event_time: Date.now() };
  const send = () => {
    announceTracked(topic.startsWith('upgrade') ? 'upgrade' : 'activity', topic, record);
    const body = JSON.stringify({ topic, record });
    // A string body goes out as text/plain, which a beacon may send without a CORS preflight.
    const queued = typeof nav?.sendBeacon === 'function' && nav.sendBeacon(STREAM_PATH, body);
    if (!queued) {
      void fetch(STREAM_PATH, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
      }).catch(() => undefined);
    }
  };
  // At once when allowed (a beacon as the page unloads cannot wait); dropped when declined; else
  // after the server's answer on whether this visitor must be asked.
  if (analyticsAllowedNow()) send();
  else if (!readConsent()) {
    void isAnalyticsAllowed()
      .then((allowed) => allowed && send())
      .catch(() => undefined);
  }
  return record.id;
}
