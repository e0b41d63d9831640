// The per-process queue between the insights endpoints and the database. Guarantees: a request
// only appends to memory (never waits on the database); rows are written in batches, when
// `batchSize` are waiting and at least every `intervalMs`, one write at a time; `close` writes what
// is left. Memory is bounded: past `maxQueued` waiting rows, new ones are dropped and counted
// (`dropped`) rather than slowing the site down. A failed write is reported and its rows are lost:
// figures may miss a batch, but a broken database never grows the queue without end.
import type { Db, schema } from '@nimbus/db';

type NewWebEvent = schema.NewWebEvent;
type NewWebVital = schema.NewWebVital;

import { insertWebEvents, insertWebVitals } from '@nimbus/db';

export interface AnalyticsQueueOptions {
  db: Db;
  batchSize?: number;
  intervalMs?: number;
  maxQueued?: number;
  onError?: (error: unknown) => void;
}

export interface AnalyticsQueue {
  pushEvent(row: NewWebEvent): boolean;
  pushVital(row: NewWebVital): boolean;
  /** Writes everything waiting now; resolves when it is stored. */
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly stats: { queued: number; written: number; dropped: number; failed: number };
}

export function createAnalyticsQueue(options: AnalyticsQueueOptions): AnalyticsQueue {
  const { db, batchSize = 500, intervalMs = 1_000, maxQueued = 50_000 } = options;
  let events: NewWebEvent[] = [];
  let vitals: NewWebVital[] = [];
  const stats = { queued: 0, written: 0, dropped: 0, failed: 0 };
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const write = async () => {
    const [e, v] = [events, vitals];
    if (!e.length && !v.length) return;
    [events, vitals] = [[], []];
    stats.queued -= e.length + v.length;
    try {
      if (e.length) await insertWebEvents(db, e);
      if (v.length) await insertWebVitals(db, v);
      stats.written += e.length + v.length;
    } catch (error) {
      stats.failed += e.length + v.length;
      options.onError?.(error);
    }
  };
  // One write at a time, in order: the next starts when the last one ends.
  const flush = () => (writing = writing.then(write));
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  const push = <T>(list: T[], row: T): boolean => {
    if (closed || stats.queued >= maxQueued) {
      stats.dropped++;
      return false;
    }
    list.push(row);
    stats.queued++;
    if (stats.queued % batchSize === 0) void flush();
    return true;
  };

  return {
    pushEvent: (row) => push(events, row),
    pushVital: (row) => push(vitals, row),
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
    },
    stats,
  };
}
