// Cross-process cache invalidation on PostgreSQL: whoever moves an alias runs
// `pg_notify('nimbus_alias', '<host label>')` on commit, and every edge LISTENs on a connection of
// its own (a pooled one would lose the LISTEN). When that connection drops, events may have been
// missed, so the edge is told to drop everything (`onMove(null)`) and the listener reconnects.
import type { Client } from 'pg';

const ALIAS_CHANNEL = 'nimbus_alias';
const RETRY_MS = 1_000;

export interface AliasListener {
  /** Resolves once LISTEN is active (for the first time). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function listenForAliasMoves(url: string, onMove: (key: string | null) => void): AliasListener {
  let client: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const lost = (lostClient: Client) => {
    if (client !== lostClient || closed) return;
    client = null;
    void lostClient.end().catch(() => {});
    onMove(null);
    retry = setTimeout(connect, RETRY_MS);
  };

  async function connect(): Promise<void> {
    const { default: pg } = await import('pg');
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === ALIAS_CHANNEL) onMove(message.payload || null);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${ALIAS_CHANNEL}`);
      if (closed) return void (await next.end());
      markReady();
    } catch {
      lost(next);
    }
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
