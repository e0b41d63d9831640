// Web Analytics of Nimbus's own pages: the front server answers the insights script and endpoints
// on the public host too, recording into the project NIMBUS_SITE_ANALYTICS_PROJECT names, with that
// project's switches (read at most once a minute). Unset, or switched off, the script is a 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorEnvelope } from '@nimbus/core';
import { type AnalyticsSwitches, analyticsSwitches, type Db } from '@nimbus/db';
import type { Collector } from '@nimbus/engine';

const SITE_PATHS = new Set(['/_nimbus/insights/script.js', '/hfi/events', '/hfi/vitals']);
const SWITCHES_TTL = 60_000;

export interface SiteAnalytics {
  /** Answers the request when its path is one of the site's insights paths; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createSiteAnalytics(options: {
  db: Db;
  collector: Collector | null;
  projectId?: string;
}): SiteAnalytics {
  const { db, collector, projectId } = options;
  let switches: { value: AnalyticsSwitches | null; at: number } | null = null;

  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(errorEnvelope('not_found', 'Web Analytics is not enabled on this site.')));
  };
  const answer = (value: AnalyticsSwitches | null, req: IncomingMessage, res: ServerResponse) => {
    // Nimbus's own site always honours Do Not Track and Global Privacy Control.
    const site = value && projectId ? { projectId, deploymentId: null, ...value, respectDnt: true } : null;
    if (!site || !collector?.handle(req, res, site)) notFound(res);
  };

  return {
    handle(req, res) {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      if (!SITE_PATHS.has(q < 0 ? url : url.slice(0, q))) return false;
      if (!projectId || !collector) return (notFound(res), true);
      if (switches && Date.now() - switches.at < SWITCHES_TTL) return (answer(switches.value, req, res), true);
      analyticsSwitches(db, projectId).then(
        (value) => {
          switches = { value, at: Date.now() };
          answer(value, req, res);
        },
        () => notFound(res),
      );
      return true;
    },
  };
}
