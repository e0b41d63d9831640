// Turns the function runners' callbacks (`onRequest`, `onLog`) into runtime_logs rows. Rows wait in
// memory and go to the database in batches (every FLUSH_MS or BATCH_SIZE rows), so a busy function
// costs a few inserts a second, never one per request or line. The buffer is bounded: while the
// database is down rows are kept up to MAX_BUFFERED and the rest are dropped and counted, so a
// database outage cannot take the server's memory with it. Each stored batch is emitted on the
// engine's event bus (`runtimeLogs`) for live tails in this process; other processes poll by id.
import { RUNTIME_LOG_RETENTION } from '@nimbus/core';
import { type Db, deleteExpiredRuntimeLogs, insertRuntimeLogs, type NewRuntimeLog } from '@nimbus/db';
import type { EngineEvents } from '../events';

/** One request a function answered, as the runner pool reports it. */
export interface FunctionRequestReport {
  deploymentId: string;
  projectId: string;
  teamId: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  cold: boolean;
  memoryMb: number;
  functionPath: string;
  error?: string;
}

/** One line a function printed. `time` is when it was printed (ms since the epoch or a Date). */
export interface FunctionLogReport {
  deploymentId: string;
  projectId: string;
  teamId: string;
  requestId: string;
  stream: 'stdout' | 'stderr';
  message: string;
  time: number | Date;
}

export interface RuntimeLogWriterOptions {
  db: Db;
  events?: EngineEvents;
  flushMs?: number;
  batchSize?: number;
  maxBuffered?: number;
  /** Told about a failed write (the rows stay buffered and are tried again). */
  onError?: (error: unknown) => void;
}

const FLUSH_MS = 500;
const BATCH_SIZE = 500;
const MAX_BUFFERED = 20_000;

export class RuntimeLogWriter {
  private buffer: NewRuntimeLog[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private readonly flushMs: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  /** Rows stored, rows dropped because the buffer was full, and writes that failed. */
  readonly counts = { written: 0, dropped: 0, failedWrites: 0 };

  constructor(private readonly options: RuntimeLogWriterOptions) {
    this.flushMs = options.flushMs ?? FLUSH_MS;
    this.batchSize = options.batchSize ?? BATCH_SIZE;
    this.maxBuffered = options.maxBuffered ?? MAX_BUFFERED;
  }

  get buffered(): number {
    return this.buffer.length;
  }

  /** The runner pool's callback for a finished request. */
  readonly onRequest = (r: FunctionRequestReport): void => {
    const level = r.error || r.status >= 500 ? 'error' : r.status >= 400 ? 'warning' : 'info';
    this.push({
      deploymentId: r.deploymentId,
      projectId: r.projectId,
      teamId: r.teamId,
      requestId: r.requestId,
      createdAt: new Date(),
      level,
      source: 'request',
      method: r.method,
      path: r.path,
      status: r.status,
      durationMs: Math.round(r.durationMs),
      cold: r.cold,
      memoryMb: Math.round(r.memoryMb),
      functionPath: r.functionPath,
      message: r.error ?? '',
    });
  };

  /** The runner pool's callback for a printed line; stderr reads as a warning, as build logs do. */
  readonly onLog = (l: FunctionLogReport): void => {
    this.push({
      deploymentId: l.deploymentId,
      projectId: l.projectId,
      teamId: l.teamId,
      requestId: l.requestId,
      createdAt: new Date(l.time),
      level: l.stream === 'stderr' ? 'warning' : 'info',
      source: l.stream,
      message: l.message,
    });
  };

  private push(row: NewRuntimeLog): void {
    if (this.buffer.length >= this.maxBuffered) {
      this.counts.dropped++;
      return;
    }
    this.buffer.push(row);
    if (this.buffer.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Writes what is buffered, one batch at a time; a write waits for the one before, so rows keep their order. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writing ??= this.drain().finally(() => {
      this.writing = null;
      if (this.buffer.length) this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    });
    return this.writing;
  }

  private async drain(): Promise<void> {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, this.batchSize);
      try {
        const stored = await insertRuntimeLogs(this.options.db, batch);
        this.counts.written += stored.length;
        this.options.events?.emit('runtimeLogs', stored);
      } catch (error) {
        // Keep the batch for the next try, ahead of newer rows; what no longer fits is dropped and counted.
        this.counts.failedWrites++;
        this.buffer.unshift(...batch);
        const over = this.buffer.length - this.maxBuffered;
        if (over > 0) {
          this.buffer.splice(this.maxBuffered, over);
          this.counts.dropped += over;
        }
        this.options.onError?.(error);
        return;
      }
    }
  }

  /** Writes what is left (at shutdown). */
  async close(): Promise<void> {
    await this.flush();
  }
}

/**
 * Deletes runtime logs past their team's plan retention every `everyMs` (the worker role runs it;
 * any number of processes may, since the delete is one statement). Returns a stop function.
 */
export function startRuntimeLogRetention(options: {
  db: Db;
  everyMs?: number;
  retention?: Readonly<Record<'hobby' | 'pro' | 'enterprise', number>>;
  onError?: (error: unknown) => void;
}): () => void {
  const sweep = () =>
    deleteExpiredRuntimeLogs(options.db, options.retention ?? RUNTIME_LOG_RETENTION).catch(
      (error) => void options.onError?.(error),
    );
  const timer = setInterval(sweep, options.everyMs ?? 5 * 60_000);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
}
