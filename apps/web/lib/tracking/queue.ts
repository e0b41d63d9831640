// Events made before the tracker knows who is there (the tracking context is still loading) wait
// here and are retried every 250 ms (docs/spec.md §9) until the stream is ready, then sent in order.
import { EVENT_QUEUE_RETRY_MS } from '@nimbus/core';

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class EventQueue<T> {
  private readonly pending: T[] = [];
  private timer: unknown = null;

  constructor(
    private readonly ready: () => boolean,
    private readonly send: (event: T) => void,
    private readonly timers: Timers = defaultTimers,
  ) {}

  push(event: T): void {
    this.pending.push(event);
    this.flush();
  }

  get size(): number {
    return this.pending.length;
  }

  /** Sends everything when ready; otherwise tries again in `EVENT_QUEUE_RETRY_MS`. */
  flush(): void {
    if (this.timer !== null) return;
    if (!this.ready()) {
      if (this.pending.length > 0) {
        this.timer = this.timers.setTimeout(() => {
          this.timer = null;
          this.flush();
        }, EVENT_QUEUE_RETRY_MS);
      }
      return;
    }
    for (const event of this.pending.splice(0)) this.send(event);
  }

  /** Stops retrying and drops what waits (consent withdrawn, page left). */
  clear(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.pending.length = 0;
  }
}
