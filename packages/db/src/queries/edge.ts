// What the edge asks of the database: which deployment a host serves (with its Build Output config,
// null for a static one), the files it serves, and where alias moves are announced. The edge caches
// every answer (packages/engine/src/edge), so these run once per host or deployment, not once per
// request. A Build Output deployment's functions and prerenders are in build-output.ts.
import { and, eq } from 'drizzle-orm';
import type { Client } from 'pg';
import type { Db } from '../client';
import { aliases, deploymentOutputs, deployments, domains, projectDomains } from '../schema';

export type ServedDeployment = Pick<
  typeof deployments.$inferSelect,
  'id' | 'state' | 'config' | 'buildOutput' | 'projectId' | 'teamId' | 'host' | 'target' | 'runtimeEnv' | 'readyAt'
>;

const SERVED = {
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
};

/** The deployment at a host label: its alias (production host, `alias set`) first, else its own host. */
export async function deploymentAtHost(db: Db, key: string): Promise<ServedDeployment | null> {
  const [alias] = await db.select({ id: aliases.deploymentId }).from(aliases).where(eq(aliases.host, key)).limit(1);
  const [deployment] = await db
    .select(SERVED)
    .from(deployments)
    .where(alias ? eq(deployments.id, alias.id) : eq(deployments.host, key))
    .limit(1);
  return deployment ?? null;
}

export interface HostAnswer {
  deployment: ServedDeployment | null;
  /** A project domain set to redirect: the other domain and the status. */
  redirect: { to: string; status: number } | null;
}

/**
 * What a host serves. `key` is a label under the deploy domain, or a full custom name: an alias set
 * on a verified domain, else a project domain whose team holds its apex verified, serving the
 * project's production deployment or redirecting. An unverified domain serves nothing.
 */
export async function hostAnswer(db: Db, key: string): Promise<HostAnswer> {
  if (!key.includes('.')) return { deployment: await deploymentAtHost(db, key), redirect: null };
  const [alias] = await db.select({ id: aliases.deploymentId }).from(aliases).where(eq(aliases.host, key)).limit(1);
  if (alias) {
    const [deployment] = await db.select(SERVED).from(deployments).where(eq(deployments.id, alias.id)).limit(1);
    return { deployment: deployment ?? null, redirect: null };
  }
  const [domain] = await db
    .select({
      projectId: projectDomains.projectId,
      redirect: projectDomains.redirect,
      status: projectDomains.redirectStatusCode,
    })
    .from(projectDomains)
    .innerJoin(
      domains,
      and(
        eq(domains.teamId, projectDomains.teamId),
        eq(domains.name, projectDomains.apexName),
        eq(domains.verified, true),
      ),
    )
    .where(eq(projectDomains.name, key))
    .limit(1);
  if (!domain) return { deployment: null, redirect: null };
  if (domain.redirect) return { deployment: null, redirect: { to: domain.redirect, status: domain.status ?? 308 } };
  const [deployment] = await db
    .select(SERVED)
    .from(aliases)
    .innerJoin(deployments, eq(deployments.id, aliases.deploymentId))
    .where(and(eq(aliases.projectId, domain.projectId), eq(aliases.kind, 'production')))
    .limit(1);
  return { deployment: deployment ?? null, redirect: null };
}

/** A deployment's output tree, unordered: the edge keys it by path. */
export async function servedFiles(db: Db, deploymentId: string) {
  return db
    .select({ path: deploymentOutputs.path, sha: deploymentOutputs.sha, size: deploymentOutputs.size })
    .from(deploymentOutputs)
    .where(eq(deploymentOutputs.deploymentId, deploymentId));
}

/** The channel queries/aliases.ts and domains.ts notify on commit, with the moved host (label or full name) as payload. */
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
