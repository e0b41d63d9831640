// The insights script a page loads (`/_nimbus/insights/script.js` and the halves and Vercel paths it
// is served at, ../scripts.ts): page views including client-side navigations, custom events through
// `window.nimbus.track(name, props)` or `@vercel/analytics`'s `window.va` queue, and, in the builds
// that include them, web vitals measured by the `web-vitals` package. esbuild bundles it at start;
// `PARTS` is replaced by the build. Nothing here may throw on the page: every entry point is guarded.
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';

declare const PARTS: 'all' | 'events' | 'vitals';

type Props = Record<string, string | number | boolean | null>;
type Outgoing = { type: 'pageview' | 'event'; url: string };
type BeforeSend = (event: Outgoing) => Outgoing | null | undefined | false;
type Command = [name: string, payload?: unknown];

interface Insights {
  va?: ((...params: Command) => void) & { nimbus?: true };
  vaq?: Command[];
  si?: ((...params: Command) => void) & { nimbus?: true };
  siq?: Command[];
  nimbus?: { track?: (name: string, props?: Props) => void };
}

const w = window as unknown as Insights;
const script = document.currentScript as HTMLScriptElement | null;
const data = script?.dataset ?? {};
// Loaded from Vercel's path: answer at Vercel's endpoints, as the package's apps expect.
const vercel = Boolean(script?.src.includes('/_vercel/'));

function safely(run: () => void): void {
  try {
    run();
  } catch {
    // Analytics must never break the page it measures.
  }
}

function post(url: string, body: unknown): void {
  const text = JSON.stringify(body);
  // sendBeacon outlives the page (a click that navigates away); fetch is the fallback.
  if (navigator.sendBeacon?.(url, text)) return;
  void fetch(url, { method: 'POST', body: text, keepalive: true }).catch(() => {});
}

function announce(name: string, detail?: unknown): void {
  window.dispatchEvent(
    new CustomEvent('nimbus:tracked', { detail: { source: 'insights', name, data: detail, at: Date.now() } }),
  );
}

function startEvents(): void {
  const endpoint = data.endpoint;
  const viewUrl =
    data.viewEndpoint ?? (endpoint ? `${endpoint}/view` : vercel ? '/_vercel/insights/view' : '/hfi/events');
  const eventUrl =
    data.eventEndpoint ?? (endpoint ? `${endpoint}/event` : vercel ? '/_vercel/insights/event' : '/hfi/events');
  const filters: BeforeSend[] = [];
  let lastPath: string | null = null;
  let firstView = true;

  const prepare = (type: Outgoing['type'], url: string): string | null => {
    let event: Outgoing | null = { type, url };
    for (const filter of filters) {
      const next = filter(event);
      if (!next) return null;
      event = next;
    }
    return event.url;
  };
  const common = (url: string, route?: string | null) => ({
    o: url,
    sdkn: data.sdkn ?? 'nimbus',
    sdkv: data.sdkv,
    ts: Date.now(),
    ...(route ? { dp: route } : {}),
  });

  const pageview = (options: { route?: string | null; path?: string } = {}) => {
    const url = options.path ? new URL(options.path, location.origin).href : location.href;
    const path = new URL(url).pathname;
    if (path === lastPath) return;
    lastPath = path;
    const sent = prepare('pageview', url);
    if (!sent) return;
    announce('pageview', { path });
    post(viewUrl, { ...common(sent, options.route ?? data.route), r: firstView ? document.referrer : '' });
    firstView = false;
  };
  const track = (name: unknown, props?: unknown) => {
    if (typeof name !== 'string' || !name) return;
    const sent = prepare('event', location.href);
    if (!sent) return;
    const ed: Props = {};
    // Like @vercel/analytics in production: nested values are dropped, not sent.
    if (props && typeof props === 'object')
      for (const [key, value] of Object.entries(props))
        if (value === null || typeof value !== 'object') ed[key] = value;
    announce(name, ed);
    post(eventUrl, { ...common(sent, data.route), r: '', en: name, ed });
  };

  const run = ([command, payload]: Command) =>
    safely(() => {
      const p = (payload ?? {}) as { name?: unknown; data?: unknown; route?: string | null; path?: string };
      if (command === 'beforeSend' && typeof payload === 'function') filters.push(payload as BeforeSend);
      else if (command === 'event') track(p.name, p.data);
      else if (command === 'pageview') {
        // The framework components tell route and path themselves: force a view even on the same path.
        if (p.path) lastPath = null;
        pageview(p);
      }
    });
  const queued = w.vaq ?? [];
  w.va = Object.assign((...params: Command) => run(params), { nimbus: true as const });
  w.vaq = undefined;
  w.nimbus = Object.assign(w.nimbus ?? {}, {
    track: (name: string, props?: Props) => safely(() => track(name, props)),
  });
  for (const params of queued) run(params);

  if (data.disableAutoTrack === '1') return;
  safely(() => pageview());
  // Client-side navigations: the History API, and back/forward.
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      safely(() => pageview());
      return result;
    };
  }
  window.addEventListener('popstate', () => safely(() => pageview()));
}

function startVitals(): void {
  const url = data.endpoint ?? (vercel ? '/_vercel/speed-insights/vitals' : '/hfi/vitals');
  const sampleRate = Number(data.sampleRate ?? 1);
  if (!(Math.random() < (sampleRate > 0 ? sampleRate : 1))) return;
  const filters: ((event: unknown) => unknown)[] = [];
  let pending: Metric[] = [];
  const flush = () =>
    safely(() => {
      if (!pending.length) return;
      const vitals = pending.map((m) => ({ m: m.name, v: m.value }));
      pending = [];
      let event: unknown = { type: 'vital', url: location.href, vitals };
      for (const filter of filters) if (!(event = filter(event))) return;
      announce('vitals', vitals);
      post(url, { o: location.href, dp: data.route ?? null, sdkn: data.sdkn ?? 'nimbus', vitals });
    });
  const report = (metric: Metric) => pending.push(metric);
  const queued = w.siq ?? [];
  w.si = Object.assign(
    (...[command, payload]: Command) => {
      if (command === 'beforeSend' && typeof payload === 'function') filters.push(payload as (e: unknown) => unknown);
    },
    { nimbus: true as const },
  );
  for (const [command, payload] of queued) w.si(command, payload);
  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);
  // Vitals settle when the page is hidden (tab switch, navigation away): send them then.
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  addEventListener('pagehide', flush);
}

safely(() => {
  if (PARTS !== 'vitals') startEvents();
  if (PARTS !== 'events') startVitals();
});
