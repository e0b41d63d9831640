// Collects a build's output lines and writes them as build_logs rows in small batches, so a chatty
// install costs a few inserts a second instead of one per line, and readers still see it live.
import { appendLogs, type Db, type LogType } from '@nimbus/db';

const FLUSH_MS = 250;
const MAX_BUFFER = 500;

export class LogWriter {
  private buffer: { type: LogType; text: string }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly deploymentId: string,
  ) {}

  line(type: LogType, text: string): void {
    this.buffer.push({ type, text });
    if (this.buffer.length >= MAX_BUFFER) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Writes what is buffered; writes stay in order because each waits for the one before. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const lines = this.buffer;
    this.buffer = [];
    this.pending = this.pending.then(() => appendLogs(this.db, this.deploymentId, lines)).catch(() => undefined);
    return this.pending;
  }
}
