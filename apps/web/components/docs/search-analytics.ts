// Search analytics for the docs (docs/spec.md §3, §7): views, clicks and conversions sent with the
// search-insights client, loaded only once someone searches. The user token is `anonymous-{uuid}`
// in its cookie; signed-in readers also send their user id as the authenticated token. The client
// normally uses sendBeacon, which posts text/plain; we give it a fetch requester that posts JSON
// with keepalive, so the API can validate the body as JSON and the request still survives the
// navigation that follows a click.
// Consent (lib/consent.ts): nothing is loaded, no cookie is set and no event is sent until analytics
// is allowed; each event is checked again when sent, so declining later stops the next one. What is
// sent is announced to the analytics overlay.

import { LOGGED_IN_COOKIE } from '@nimbus/core';
import type { InsightsClient } from 'search-insights';
import { isAnalyticsAllowed } from '@/lib/consent';
import { announceTracked } from '@/lib/tracked-events';
import { SEARCH_INSIGHTS } from './search-config';

let client: Promise<InsightsClient> | undefined;

async function postJson(url: string, data: Record<string, unknown>): Promise<boolean> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
    keepalive: true,
  });
  return res.ok;
}

async function signedInUserId(): Promise<string | undefined> {
  if (!document.cookie.split('; ').some((c) => c === `${LOGGED_IN_COOKIE}=1`)) return undefined;
  const res = await fetch('/api/www/user');
  return res.ok ? ((await res.json()) as { user?: { id?: string } }).user?.id : undefined;
}

function insights(): Promise<InsightsClient> {
  client ??= Promise.all([import('search-insights'), signedInUserId().catch(() => undefined)]).then(
    ([{ createInsightsClient }, userId]) => {
      const aa = createInsightsClient(postJson);
      aa('init', {
        appId: SEARCH_INSIGHTS.appId,
        apiKey: SEARCH_INSIGHTS.apiKey,
        region: SEARCH_INSIGHTS.region,
        host: `${location.origin}${SEARCH_INSIGHTS.hostPath}`,
        useCookie: true,
        cookieDuration: SEARCH_INSIGHTS.cookieDurationMs,
        ...(userId ? { authenticatedUserToken: userId } : {}),
      });
      return aa;
    },
  );
  return client;
}

/** Analytics must never break the search: failures are dropped, and so is every event without consent. */
function send(name: string, data: Record<string, unknown>, run: (aa: InsightsClient) => unknown): void {
  isAnalyticsAllowed()
    .then(async (allowed) => {
      if (!allowed) return;
      const aa = await insights();
      announceTracked('search', name, data);
      return run(aa);
    })
    .catch(() => undefined);
}

export function newQueryId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** The results a search showed; sent as a raw event because viewedObjectIDs cannot carry the queryID. */
export function trackView(queryID: string, objectIDs: string[]): void {
  if (objectIDs.length === 0) return;
  const event = {
    eventType: 'view' as const,
    eventName: 'Docs results viewed',
    index: SEARCH_INSIGHTS.index,
    queryID,
    objectIDs: objectIDs.slice(0, 20),
  };
  send(event.eventName, event, (aa) => aa('sendEvents', [event]));
}

export function trackClick(queryID: string, objectID: string, position: number): void {
  const event = {
    eventName: 'Docs result clicked',
    index: SEARCH_INSIGHTS.index,
    queryID,
    objectIDs: [objectID],
    positions: [position],
  };
  send(event.eventName, event, (aa) => aa('clickedObjectIDsAfterSearch', event));
}

/** A reader found the page helpful: a conversion, tied to the search that led here when there was one. */
export function trackConversion(objectID: string): void {
  const event = { eventName: 'Docs page helpful', index: SEARCH_INSIGHTS.index, objectIDs: [objectID] };
  send(event.eventName, event, (aa) => aa('convertedObjectIDs', event, { inferQueryID: true }));
}
