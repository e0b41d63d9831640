// Nimbus's own tracking pipeline in the browser (docs/architecture.md, "Tracking"). It starts only
// when consent allows (lib/consent.ts), then: keeps the campaign attribution and the session ids,
// sends a `page_view` activity record for the first page and whenever the pathname changes (polled
// every 2 s), autocaptures clicks on tracked elements and buttons, and sends `identify` when a user
// logs in and `reset` when they log out. Every record carries the global properties and is
// redacted; nothing is sent about users at the staff e-mail domain. Records go through
// `sendInternalEvent` (POST /api/stream/internal as a beacon) and are announced to the overlay.
import {
  isStaffEmail,
  LOGGED_IN_COOKIE,
  PATHNAME_POLL_MS,
  redactProperties,
  SCOPE_COOKIE,
  TRACKING_TOPICS,
} from '@nimbus/core';
import { sendInternalEvent } from '@/components/dashboard/upgrade/event-stream';
import { analyticsAllowedNow, readCookie, whenAnalyticsAllowed } from '@/lib/consent';
import { announceTracked } from '@/lib/tracked-events';
import { startAutocapture } from './autocapture';
import { EventQueue } from './queue';
import { activityRecord, globalProperties, type PageState, type TrackingContext } from './records';
import { captureAttribution, ensureSession, identifiedUser, setIdentifiedUser } from './storage';

export interface TrackerOptions {
  /** NIMBUS_STAFF_EMAIL_DOMAIN, handed down by the root layout. */
  staffEmailDomain: string;
}

function cookie(name: string): string | undefined {
  const raw = readCookie(name);
  return raw === undefined ? undefined : decodeURIComponent(raw);
}

function pageState(): PageState {
  const project = document.querySelector('[data-project-id]');
  const deployment = document.querySelector('[data-deployment-id]');
  return {
    origin: location.origin,
    path: location.pathname,
    search: location.search,
    referrer: document.referrer,
    title: document.title,
    userAgent: navigator.userAgent,
    projectId: project?.getAttribute('data-project-id') ?? null,
    deploymentId: deployment?.getAttribute('data-deployment-id') ?? null,
  };
}

async function getJson<T>(path: string): Promise<T | null> {
  try {
    const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

type Who = { kind: 'anonymous' } | { kind: 'excluded' } | { kind: 'user'; context: TrackingContext; email: string };

/** Who is there: the session call for the e-mail, then the tracking context for the rest. */
async function loadWho(staffEmailDomain: string): Promise<Who> {
  if (!cookie(LOGGED_IN_COOKIE)) return { kind: 'anonymous' };
  const session = await getJson<{ user?: { email?: string } }>('/api/www/user');
  const email = session?.user?.email;
  if (!email) return { kind: 'anonymous' };
  if (isStaffEmail(email, staffEmailDomain)) return { kind: 'excluded' };
  const scope = cookie(SCOPE_COOKIE);
  const query = scope ? `?teamId=${encodeURIComponent(scope)}` : '';
  const context = await getJson<TrackingContext | { tracked: false }>(`/api/v1/tracking/context${query}`);
  if (!context) return { kind: 'anonymous' };
  if (!context.tracked) return { kind: 'excluded' };
  return { kind: 'user', context, email };
}

async function loadFirmographicScore(): Promise<number | null> {
  const fit = await getJson<{ marketFit?: number; source?: string }>('/api/marketfit');
  return fit && (fit.source === 'enrichment' || fit.source === 'override') && typeof fit.marketFit === 'number'
    ? fit.marketFit
    : null;
}

interface Pending {
  action: string;
  meta: Record<string, unknown>;
  page: PageState;
}

/** Runs the tracker once consent allows; returns a function that stops it. */
export function startTracking(options: TrackerOptions): () => void {
  let stop = () => {};
  const cancel = whenAnalyticsAllowed(() => {
    stop = run(options);
  });
  return () => {
    cancel();
    stop();
  };
}

function run({ staffEmailDomain }: TrackerOptions): () => void {
  const attribution = captureAttribution(window.localStorage, location.href, document.referrer);
  const session = ensureSession(window.sessionStorage, document.referrer);
  let who: Who | null = null;
  let firmographicScore: number | null = null;
  let loading: Promise<void> | null = null;

  const send = (topic: string, name: string, record: Record<string, unknown>) => {
    if (!analyticsAllowedNow() || who?.kind === 'excluded') return;
    const safe = redactProperties(record);
    announceTracked(topic === TRACKING_TOPICS.activity ? 'activity' : 'identify', name, safe);
    sendInternalEvent(topic, safe);
  };
  const context = () => (who?.kind === 'user' ? who.context : null);
  const queue = new EventQueue<Pending>(
    () => who !== null && loading === null,
    (event) =>
      send(TRACKING_TOPICS.activity, event.action, {
        ...activityRecord({ ...event, session, context: context(), attribution, firmographicScore }),
      }),
  );

  /** Sends identify on a new login and reset after a logout, once each. */
  const identifyOrReset = () => {
    const previous = identifiedUser(window.localStorage);
    const current = who?.kind === 'user' ? who : null;
    if (current && previous !== current.context.userId) {
      setIdentifiedUser(window.localStorage, current.context.userId);
      send(TRACKING_TOPICS.identify, 'identify', {
        session_id: session.id,
        user_id: current.context.userId,
        team_id: current.context.teamId,
        email: current.email,
        traits: current.context.traits,
        globals: globalProperties(current.context, firmographicScore),
      });
    } else if (!current && who?.kind === 'anonymous' && previous) {
      setIdentifiedUser(window.localStorage, null);
      send(TRACKING_TOPICS.reset, 'reset', {
        session_id: session.id,
        globals: globalProperties(null, firmographicScore),
      });
    }
  };

  const refresh = () => {
    const started = Promise.all([loadWho(staffEmailDomain), loadFirmographicScore()]).then(([next, score]) => {
      who = next;
      firmographicScore = score;
    });
    const done = started
      .catch(() => {
        who = { kind: 'anonymous' };
      })
      .then(() => {
        if (loading === done) loading = null;
        identifyOrReset();
        queue.flush();
      });
    loading = done;
  };

  let lastPath = location.pathname;
  let lastLoggedIn = Boolean(cookie(LOGGED_IN_COOKIE));
  refresh();
  queue.push({ action: 'page_view', meta: {}, page: pageState() });

  const poll = setInterval(() => {
    const loggedIn = Boolean(cookie(LOGGED_IN_COOKIE));
    if (loggedIn !== lastLoggedIn) {
      lastLoggedIn = loggedIn;
      refresh();
    }
    if (location.pathname === lastPath) return;
    lastPath = location.pathname;
    queue.push({ action: 'page_view', meta: {}, page: pageState() });
  }, PATHNAME_POLL_MS);

  const detach = startAutocapture(
    () => document.body,
    (click) => queue.push({ action: 'click', meta: { ...click }, page: pageState() }),
  );

  return () => {
    clearInterval(poll);
    detach();
    queue.clear();
  };
}
