// How many insights requests (page views, custom events, vitals) one visitor and one deployment may
// send, so a script in a loop cannot fill the tables or the team's usage. Counted in memory by each
// process, never in the database: the ingest path awaits nothing, and a burst is refused as cheaply
// as it is counted. Each key has its own window from its first request; with N processes a visitor
// may reach N times the limit, which still bounds a flood. A real page sends a view, a few vitals
// and whatever events it tracks: nowhere near 60 in 10 seconds.

export interface IngestLimits {
  /** Requests one visitor (address and User-Agent) may send one deployment in a window. */
  perVisitor: number;
  /** Requests one deployment may take in a window from all its visitors (NIMBUS_ANALYTICS_DEPLOYMENT_LIMIT). */
  perDeployment: number;
  windowMs: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = { perVisitor: 60, perDeployment: 10_000, windowMs: 10_000 };

/** Past this many visitors in a window, new ones count against their deployment only (memory stays bounded). */
const MAX_VISITORS = 200_000;

interface Window {
  start: number;
  count: number;
}

export interface IngestLimiter {
  /** Counts a request; 0 when it may go on, else the milliseconds until it may, and who is over. */
  take(deployment: string, visitor: string): { waitMs: number; over: 'visitor' | 'deployment' | null };
}

export function createIngestLimiter(limits: IngestLimits, clock: () => number = Date.now): IngestLimiter {
  const visitors = new Map<string, Window>();
  const deployments = new Map<string, Window>();
  let swept = clock();

  /** Drops the windows that have ended, once a window: the maps hold only the last few seconds. */
  function sweep(now: number): void {
    if (now - swept < limits.windowMs) return;
    swept = now;
    for (const map of [visitors, deployments]) {
      for (const [key, window] of map) if (now - window.start >= limits.windowMs) map.delete(key);
    }
  }

  /** Counts one against `key`; the wait when that passed `limit`, else 0. */
  function hit(map: Map<string, Window>, key: string, limit: number, now: number): number {
    let window = map.get(key);
    if (!window || now - window.start >= limits.windowMs) {
      if (!window && map === visitors && map.size >= MAX_VISITORS) return 0;
      window = { start: now, count: 0 };
      map.set(key, window);
    }
    window.count++;
    return window.count > limit ? window.start + limits.windowMs - now : 0;
  }

  return {
    take(deployment, visitor) {
      const now = clock();
      sweep(now);
      const forVisitor = hit(visitors, `${deployment}\n${visitor}`, limits.perVisitor, now);
      if (forVisitor) return { waitMs: forVisitor, over: 'visitor' };
      const forDeployment = hit(deployments, deployment, limits.perDeployment, now);
      return { waitMs: forDeployment, over: forDeployment ? 'deployment' : null };
    },
  };
}
