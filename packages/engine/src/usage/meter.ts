// Usage meters (packages/core/src/usage.ts): the edge, the build worker, the function runners, the
// image optimiser and Web Analytics add to counters kept in memory per (team, project, metric, UTC
// day), and the meter writes them with one `addUsage` statement every few seconds and on close. No
// request waits on the database. A batch leaves memory only once it is written: a failed write puts
// it back for the next try, so nothing is lost while the database is away and, since counters live
// only in memory, a restart can never count a batch twice.
import type { UsageMetric } from '@nimbus/core';
import { describeError } from '@nimbus/core';
import { addUsage, type Db, type UsageIncrement } from '@nimbus/db';

export interface MeterOptions {
  db: Db;
  /** How often counters are written (NIMBUS_USAGE_FLUSH_INTERVAL); default 5 seconds. */
  flushMs?: number;
  /** Off (NIMBUS_USAGE_METERING=off): counting is a no-op, nothing is written. */
  enabled?: boolean;
  /** Told which teams a written batch touched (limits and budgets are checked then). */
  onFlush?: (teamIds: string[]) => void | Promise<void>;
  onError?: (error: unknown) => void;
}

export interface Meter {
  readonly enabled: boolean;
  /** Adds `value` to a counter of today (UTC). */
  add(teamId: string, projectId: string, metric: UsageMetric, value: number): void;
  /**
   * The edge's hot path: a project's request and byte counter, a stable object the edge keeps per
   * connection and adds to directly (`requests++`, `bytes += n`). Each write takes what it holds.
   */
  counter(teamId: string, projectId: string): EdgeCounter;
  /**
   * Runs `settle` before each write, so a source that counts lazily (the edge's open connections)
   * adds what it holds; returns the function that removes it.
   */
  beforeWrite(settle: () => void): () => void;
  /** Writes every counter; resolves when the batch is stored (or put back after a failure). */
  flush(): Promise<void>;
  /** Counters still in memory (tests, health). */
  pending(): UsageIncrement[];
  close(): Promise<void>;
}

export interface EdgeCounter {
  readonly teamId: string;
  readonly projectId: string;
  requests: number;
  bytes: number;
}

const DAY_MS = 86_400_000;

export function createMeter(options: MeterOptions): Meter {
  const enabled = options.enabled ?? true;
  const flushMs = options.flushMs ?? 5_000;
  // Counters of the current UTC day; when the day turns, what they hold is kept for the next write.
  let counters = new Map<string, UsageIncrement>();
  const edge = new Map<string, EdgeCounter>();
  let day = '';
  let dayEnds = 0;
  const held: UsageIncrement[] = [];
  let writing: Promise<void> | null = null;

  /** Takes what the edge's counters hold, for the day they were counted in. */
  function settleEdge(): void {
    for (const c of edge.values()) {
      if (c.requests)
        held.push({ teamId: c.teamId, projectId: c.projectId, metric: 'edge_requests', day, value: c.requests });
      if (c.bytes)
        held.push({ teamId: c.teamId, projectId: c.projectId, metric: 'bandwidth_bytes', day, value: c.bytes });
      c.requests = 0;
      c.bytes = 0;
    }
  }

  function today(): string {
    const now = Date.now();
    if (now >= dayEnds) {
      if (day) settleEdge();
      for (const row of counters.values()) held.push(row);
      counters = new Map();
      dayEnds = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
      day = new Date(now).toISOString().slice(0, 10);
    }
    return day;
  }

  function add(teamId: string, projectId: string, metric: UsageMetric, value: number): void {
    if (!enabled || !(value > 0)) return;
    const d = today();
    const key = `${teamId}\0${projectId}\0${metric}`;
    const row = counters.get(key);
    if (row) row.value += value;
    else counters.set(key, { teamId, projectId, metric, day: d, value });
  }

  function counter(teamId: string, projectId: string): EdgeCounter {
    today();
    // Keyed by project: a project belongs to one team (a transferred one gets a new counter).
    const key = `${teamId}\0${projectId}`;
    let c = edge.get(key);
    if (c === undefined) {
      c = { teamId, projectId, requests: 0, bytes: 0 };
      edge.set(key, c);
    }
    return c;
  }

  const settlers = new Set<() => void>();

  function drain(): UsageIncrement[] {
    for (const settle of settlers) settle();
    today();
    settleEdge();
    const rows = held.splice(0, held.length);
    for (const row of counters.values()) rows.push(row);
    counters = new Map();
    return rows;
  }

  async function write(): Promise<void> {
    const rows = drain();
    if (rows.length === 0) return;
    try {
      await addUsage(options.db, rows);
    } catch (error) {
      // Not written: back into memory, summed into the next batch.
      held.push(...rows);
      options.onError?.(error);
      return;
    }
    if (options.onFlush) {
      const teams = [...new Set(rows.map((row) => row.teamId))];
      try {
        await options.onFlush(teams);
      } catch (error) {
        options.onError?.(error);
      }
    }
  }

  function flush(): Promise<void> {
    // One write at a time, in order: a write waits for the one before.
    const next = (writing ?? Promise.resolve()).then(write);
    writing = next;
    void next.finally(() => {
      if (writing === next) writing = null;
    });
    return next;
  }

  const timer = enabled ? setInterval(() => void flush(), flushMs) : null;
  timer?.unref();
  return {
    enabled,
    add,
    counter,
    beforeWrite(settle) {
      settlers.add(settle);
      return () => void settlers.delete(settle);
    },
    flush,
    pending() {
      const rows = [...held, ...counters.values()];
      for (const c of edge.values()) {
        if (c.requests)
          rows.push({ teamId: c.teamId, projectId: c.projectId, metric: 'edge_requests', day, value: c.requests });
        if (c.bytes)
          rows.push({ teamId: c.teamId, projectId: c.projectId, metric: 'bandwidth_bytes', day, value: c.bytes });
      }
      return rows;
    },
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}

/** Logs a failed write without its parameters. */
export const logMeterError = (error: unknown) =>
  console.error(`[usage] a batch could not be written and stays in memory: ${describeError(error)}`);
