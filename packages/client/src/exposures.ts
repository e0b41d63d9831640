// The browser's queue of flag exposures and events (docs/spec.md §7): reading a flag queues one
// exposure per flag and value per page, and the queue posts `{events, exposures, user, v: 2}` to
// STATSIG_PATH in batches. A flush sends nothing when nothing is queued, and nothing when consent
// is required but not given: what was queued then is dropped, never sent later.
import { STATSIG_PATH, STATSIG_VERSION } from '@nimbus/core';

export interface StatsigUser {
  userID?: string | null;
  customIDs?: { teamID?: string | null };
}

export interface StatsigExposure {
  flag: string;
  value: boolean;
  time: number;
}

export interface StatsigEvent {
  eventName: string;
  value?: string | number | null;
  time: number;
  metadata?: Record<string, unknown>;
}

export interface StatsigBatch {
  events: StatsigEvent[];
  exposures: StatsigExposure[];
  user: StatsigUser;
  v: typeof STATSIG_VERSION;
}

export interface ExposureQueueOptions {
  /** Whether tracking is allowed now (consent given, or not required). */
  allowed: () => boolean | Promise<boolean>;
  /** Sends one batch; the default posts JSON to STATSIG_PATH. */
  send?: (batch: StatsigBatch) => Promise<unknown>;
  user?: () => StatsigUser;
  /** At most this many of each kind per batch (the server takes 100). */
  maxBatch?: number;
  now?: () => number;
}

export interface ExposureQueue {
  logExposure(flag: string, value: boolean): void;
  logEvent(eventName: string, value?: string | number | null, metadata?: Record<string, unknown>): void;
  /** Sends what is queued, when allowed; resolves to the batches sent. */
  flush(): Promise<StatsigBatch[]>;
}

const postBatch = (batch: StatsigBatch) =>
  fetch(STATSIG_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(batch),
    credentials: 'same-origin',
    keepalive: true,
  });

export function createExposureQueue(options: ExposureQueueOptions): ExposureQueue {
  const send = options.send ?? postBatch;
  const now = options.now ?? Date.now;
  const max = options.maxBatch ?? 100;
  const seen = new Set<string>();
  let exposures: StatsigExposure[] = [];
  let events: StatsigEvent[] = [];

  return {
    logExposure(flag, value) {
      const key = `${flag}=${value}`;
      if (seen.has(key)) return;
      seen.add(key);
      exposures.push({ flag, value, time: now() });
    },
    logEvent(eventName, value, metadata) {
      events.push({ eventName, value: value ?? null, time: now(), ...(metadata ? { metadata } : {}) });
    },
    async flush() {
      if (exposures.length === 0 && events.length === 0) return [];
      const queued = { exposures, events };
      exposures = [];
      events = [];
      if (!(await options.allowed())) return [];
      const batches: StatsigBatch[] = [];
      for (let i = 0; i < Math.max(queued.exposures.length, queued.events.length); i += max) {
        batches.push({
          events: queued.events.slice(i, i + max),
          exposures: queued.exposures.slice(i, i + max),
          user: options.user?.() ?? {},
          v: STATSIG_VERSION,
        });
      }
      for (const batch of batches) await send(batch);
      return batches;
    },
  };
}
