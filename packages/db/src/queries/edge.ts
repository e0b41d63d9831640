// What the edge asks of the database: which deployment a host serves (with its Build Output config,
// null for a static one), the files it serves, and where alias moves are announced. The edge caches
// every answer (packages/engine/src/edge), so these run once per host or deployment, not once per
// request. A Build Output deployment's functions and prerenders are in build-output.ts.
import { eq } from 'drizzle-orm';
import type { Client } from 'pg';
import type { Db } from '../client';
import { aliases, deploymentOutputs, deployments } from '../schema';

export type ServedDeployment = Pick<
  typeof deployments.$inferSelect,
  'id' | 'state' | 'config' | 'buildOutput' | 'projectId' | 'teamId' | 'host' | 'target' | 'runtimeEnv' | 'readyAt'
>;

/** The deployment at a host label: its alias (production host, custom domain) first, else its own host. */
export async function deploymentAtHost(db: Db, key: string): Promise<ServedDeployment | null> {
  const [alias] = await db.select({ id: aliases.deploymentId }).from(aliases).where(eq(aliases.host, key)).limit(1);
  const [deployment] = await db
    .select({
      id: deployments.id,
      state: deployments.state,
      config: deployments.config,
      buildOutput: deployments.buildOutput,
      projectId: deployments.projectId,
      teamId: deployments.teamId,
      host: deployments.host,
      target: deployments.target,
      runtimeEnv: deployments.runtimeEnv,
      readyAt: deployments.readyAt,
    })
    .from(deployments)
    .where(alias ? eq(deployments.id, alias.id) : eq(deployments.host, key))
    .limit(1);
  return deployment ?? null;
}

/** A deployment's output tree, unordered: the edge keys it by path. */
export async function servedFiles(db: Db, deploymentId: string) {
  return db
    .select({ path: deploymentOutputs.path, sha: deploymentOutputs.sha, size: deploymentOutputs.size })
    .from(deploymentOutputs)
    .where(eq(deploymentOutputs.deploymentId, deploymentId));
}

/** The channel queries/aliases.ts notifies on commit, with the moved host label as payload. */
const ALIAS_CHANNEL = 'nimbus_alias';
const RETRY_MS = 1_000;

export interface AliasListener {
  /** Resolves once LISTEN is active (for the first time). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Alias moves made by any process, on PostgreSQL. LISTEN needs a connection of its own (a pooled
 * one would lose it). When that connection drops, events may have been missed, so `onMove(null)`
 * tells the edge to drop everything, and the listener reconnects.
 */
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
