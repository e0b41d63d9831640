// The insights paths of a site: its scripts (scripts.ts) and the endpoints that take page views,
// custom events and vitals. On the request path a body is read (capped), checked, enriched and put
// on the queue (queue.ts); the database is never awaited except for the first request of a UTC day
// (its salt). A project with Web Analytics off gets no script and no page views, one with Speed
// Insights off no vitals: those paths are left to the deployment, as if Nimbus added nothing.
// A visitor or a deployment past its limit (limits.ts) gets 429 with Retry-After, before its body is read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeError, errorEnvelope } from '@nimbus/core';
import type { Db, schema } from '@nimbus/db';
import { hostnameOf } from '../edge/hosts';
import type { Meter } from '../usage/meter';
import { clientAddress, countryOf, parseAgent, referrerHost, utmOf } from './enrich';
import { createIngestLimiter, DEFAULT_INGEST_LIMITS, type IngestLimits } from './limits';
import { eventData, parseVitals, readBody, viewBody } from './payloads';
import { asksNotToTrack, createSaltKeeper, isBotAgent, visitorHash } from './privacy';
import { type AnalyticsQueue, type AnalyticsQueueOptions, createAnalyticsQueue } from './queue';
import { insightsScript, SCRIPT_PATHS, sendScript } from './scripts';

/** What a host records into, from the edge's cached host answer. */
export interface AnalyticsSite {
  projectId: string;
  /** The team billed for the site's events (deployment hosts); Nimbus's own site has none and is not metered. */
  teamId?: string;
  deploymentId: string | null;
  webAnalytics: boolean;
  speedInsights: boolean;
  respectDnt: boolean;
}

type Endpoint = 'view' | 'event' | 'any' | 'vitals';

const ENDPOINTS: Record<string, Endpoint> = {
  '/hfi/events': 'any',
  '/hfi/vitals': 'vitals',
  '/_vercel/insights/view': 'view',
  '/_vercel/insights/event': 'event',
  '/_vercel/speed-insights/vitals': 'vitals',
};

/** A page view with its referrer, route and a few event properties fits with room to spare. */
export const MAX_BODY_BYTES = 8 * 1024;

export interface CollectorOptions {
  db: Db;
  /** Lower-case name of the header holding the visitor's country (NIMBUS_COUNTRY_HEADER). */
  countryHeader?: string;
  /** Read the client address from X-Forwarded-For (NIMBUS_TRUST_PROXY). */
  trustProxy?: boolean;
  queue?: Omit<AnalyticsQueueOptions, 'db'>;
  /** Counts each page view and custom event kept as usage of the site's team (`analytics_events`). */
  meter?: Meter;
  /** Requests a visitor and a deployment may send in a window (limits.ts). */
  limits?: Partial<IngestLimits>;
}

export interface Collector {
  /** Whether `url`'s path is one of the insights paths (before anything is read). */
  claims(url: string): boolean;
  /** Answers an insights request for `site`; false when the path is not one or is switched off. */
  handle(req: IncomingMessage, res: ServerResponse, site: AnalyticsSite): boolean;
  queue: AnalyticsQueue;
  /** Writes everything taken so far, including rows still waiting for the day's salt. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

function reply(res: ServerResponse, status: number, code?: string, message?: string): void {
  if (!code) {
    res.writeHead(status, { 'cache-control': 'no-store' });
    return void res.end();
  }
  const body = JSON.stringify(errorEnvelope(code, message ?? code));
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(body);
}

/** Calls `done` with the body as text; past MAX_BODY_BYTES it answers 413 instead. */
function readText(req: IncomingMessage, res: ServerResponse, done: (text: string) => void): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return tooLarge(req, res);
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES && !over) {
      over = true;
      tooLarge(req, res);
    } else if (!over) chunks.push(chunk);
  });
  req.on('end', () => !over && done(Buffer.concat(chunks).toString('utf8')));
  req.on('error', () => {});
}

/** 429 with Retry-After in whole seconds; the body is drained unread. */
function tooMany(req: IncomingMessage, res: ServerResponse, waitMs: number, message: string): void {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  res.setHeader('retry-after', String(seconds));
  reply(res, 429, 'rate_limited', `${message} Try again in ${seconds} s.`);
  req.resume();
}

function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('connection', 'close');
  reply(res, 413, 'body_too_large', `An insights body holds at most ${MAX_BODY_BYTES} bytes.`);
  req.resume();
}

export function createCollector(options: CollectorOptions): Collector {
  const queue = createAnalyticsQueue({
    db: options.db,
    onError: (error) =>
      console.error(`[analytics] a batch could not be written and was dropped: ${describeError(error)}`),
    ...options.queue,
  });
  const salts = createSaltKeeper(options.db);
  const trustProxy = options.trustProxy ?? false;
  const limits = { ...DEFAULT_INGEST_LIMITS, ...options.limits };
  const limiter = createIngestLimiter(limits);
  // Rows of the first requests of a day, waiting for its salt: a flush waits for them too.
  const waiting = new Set<Promise<void>>();
  const flush = async () => {
    await Promise.all(waiting);
    await queue.flush();
  };

  function record(req: IncomingMessage, endpoint: Endpoint, site: AnalyticsSite, body: unknown): string | null {
    const userAgent = req.headers['user-agent'] ?? '';
    // Answered like any other request, so a bot or an opted-out visitor cannot tell it was not kept.
    if (isBotAgent(userAgent) || (site.respectDnt && asksNotToTrack(req))) return null;
    const host = hostnameOf(req.headers.host ?? '');
    const context = (pageUrl: URL, route: string | null | undefined) => ({
      projectId: site.projectId,
      deploymentId: site.deploymentId,
      occurredAt: new Date(),
      path: pageUrl.pathname.slice(0, 1_000),
      route: route || null,
      ...parseAgent(userAgent),
      country: countryOf(req, options.countryHeader),
    });
    if (endpoint === 'vitals') {
      const batch = parseVitals(body);
      const page = batch && URL.canParse(batch.url) ? new URL(batch.url) : null;
      if (!batch || !page) return 'The body is not a vitals report: send {o, vitals: [{m, v}]}.';
      const at = context(page, batch.route);
      for (const vital of batch.vitals) queue.pushVital({ ...at, metric: vital.metric, value: vital.value });
      return null;
    }
    const parsed = viewBody.safeParse(body);
    const page = parsed.success && URL.canParse(parsed.data.o) ? new URL(parsed.data.o) : null;
    if (!parsed.success || !page) return 'The body is not a page view or event: send {o: pageUrl, r, dp, en, ed}.';
    const isEvent = endpoint === 'event' || (endpoint === 'any' && parsed.data.en !== undefined);
    if (isEvent && !parsed.data.en) return 'An event needs its name in `en`.';
    if (site.teamId) options.meter?.add(site.teamId, site.projectId, 'analytics_events', 1);
    const salt = salts.get();
    const row = (value: string): schema.NewWebEvent => ({
      ...context(page, parsed.data.dp),
      kind: isEvent ? 'event' : 'pageview',
      eventName: isEvent ? parsed.data.en!.slice(0, 255) : null,
      eventData: isEvent ? eventData(parsed.data.ed) : null,
      visitor: visitorHash(value, clientAddress(req, trustProxy), userAgent, host),
      referrer: isEvent ? null : referrerHost(parsed.data.r ?? undefined, page.hostname),
      ...utmOf(page.searchParams),
    });
    if (typeof salt === 'string') queue.pushEvent(row(salt));
    else {
      const pushed = salt.then(
        (value) => void queue.pushEvent(row(value)),
        (error: unknown) => console.error(`[analytics] the day's salt could not be read: ${describeError(error)}`),
      );
      waiting.add(pushed);
      void pushed.finally(() => waiting.delete(pushed));
    }
    return null;
  }

  return {
    claims: (url) => {
      const path = pathOf(url);
      return path in ENDPOINTS || path in SCRIPT_PATHS;
    },
    handle(req, res, site) {
      const path = pathOf(req.url ?? '/');
      const part = SCRIPT_PATHS[path];
      if (part && (req.method === 'GET' || req.method === 'HEAD')) {
        if (part === 'vitals' ? !site.speedInsights : !site.webAnalytics) return false;
        const build = part === 'all' && !site.speedInsights ? 'events' : part;
        insightsScript(build).then(
          (script) => sendScript(script, req, res),
          () => reply(res, 503, 'script_unavailable', 'The insights script could not be built.'),
        );
        return true;
      }
      const endpoint = ENDPOINTS[path];
      if (!endpoint) return false;
      if (endpoint === 'vitals' ? !site.speedInsights : !site.webAnalytics) return false;
      if (req.method !== 'POST') {
        res.setHeader('allow', 'POST');
        reply(res, 405, 'method_not_allowed', 'Send insights with POST.');
        return true;
      }
      const visitor = `${clientAddress(req, trustProxy)}\n${req.headers['user-agent'] ?? ''}`;
      const { waitMs, over } = limiter.take(site.deploymentId ?? site.projectId, visitor);
      if (over) {
        const per = `${limits.windowMs / 1000} seconds`;
        tooMany(
          req,
          res,
          waitMs,
          over === 'visitor'
            ? `One visitor sends at most ${limits.perVisitor} insights requests in ${per}.`
            : `This deployment takes at most ${limits.perDeployment} insights requests in ${per}.`,
        );
        return true;
      }
      readText(req, res, (text) => {
        let body: unknown;
        try {
          body = readBody(text);
        } catch {
          return reply(res, 400, 'invalid_body', 'The body is not valid JSON.');
        }
        const problem = record(req, endpoint, site, body);
        if (problem) reply(res, 400, 'invalid_body', problem);
        else reply(res, 204);
      });
      return true;
    },
    queue,
    flush,
    async close() {
      await Promise.all(waiting);
      await queue.close();
    },
  };
}
