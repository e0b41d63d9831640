// Sends a record to the internal event stream (docs/spec.md §7): `POST /api/stream/internal` as a beacon
// with JSON {topic, record}, the record stamped with an id and event_time; a plain POST when the
// browser has no beacon or refuses it (queue full). Users with the staff e-mail domain are never
// tracked (docs/spec.md §1). Fire and forget: analytics never breaks the page.
import { STAFF_EMAIL_DOMAIN } from '@nimbus/core';

export const STREAM_PATH = '/api/stream/internal';

export function isTracked(email: string): boolean {
  return !email.toLowerCase().endsWith(`@${STAFF_EMAIL_DOMAIN.toLowerCase()}`);
}

export function sendInternalEvent(
  topic: string,
  fields: Record<string, unknown>,
  nav: Pick<Navigator, 'sendBeacon'> | undefined = globalThis.navigator,
): string {
  const record = { ...fields, id: crypto.randomUUID(), event_time: Date.now() };
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
  return record.id;
}
