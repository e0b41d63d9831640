// Build Output API v3 deployments: the functions and prerenders of a READY deployment, written in the
// transaction that makes it READY (deployment-state.ts) and read once per deployment by the edge and
// the function runner, which cache them like the static files.
import type { BuildOutputConfig } from '@nimbus/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { deploymentFunctions, deploymentPrerenders } from '../schema';

export type { FunctionFile } from '../schema';
export type StoredFunction = Omit<typeof deploymentFunctions.$inferSelect, 'deploymentId'>;
export type StoredPrerender = Omit<typeof deploymentPrerenders.$inferSelect, 'deploymentId'>;

/** What a build stores beside its static files when its output is a Build Output tree. */
export interface BuildOutputRows {
  config: BuildOutputConfig;
  functions: StoredFunction[];
  prerenders: StoredPrerender[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const CHUNK = 200;

/** Inserts the functions and prerenders of a deployment; called inside markReady's transaction. */
export async function insertBuildOutput(tx: Tx, deploymentId: string, rows: BuildOutputRows): Promise<void> {
  const fns = rows.functions.map((f) => ({ deploymentId, ...f }));
  for (let i = 0; i < fns.length; i += CHUNK) await tx.insert(deploymentFunctions).values(fns.slice(i, i + CHUNK));
  const pre = rows.prerenders.map((p) => ({ deploymentId, ...p }));
  for (let i = 0; i < pre.length; i += CHUNK) await tx.insert(deploymentPrerenders).values(pre.slice(i, i + CHUNK));
}

/** A deployment's functions and prerenders, unordered: callers key them by path. */
export async function servedBuildOutput(
  db: Db,
  deploymentId: string,
): Promise<{ functions: StoredFunction[]; prerenders: StoredPrerender[] }> {
  const [functions, prerenders] = await Promise.all([
    db
      .select({
        path: deploymentFunctions.path,
        config: deploymentFunctions.config,
        files: deploymentFunctions.files,
        bundle: deploymentFunctions.bundle,
      })
      .from(deploymentFunctions)
      .where(eq(deploymentFunctions.deploymentId, deploymentId)),
    db
      .select({
        path: deploymentPrerenders.path,
        config: deploymentPrerenders.config,
        fallback: deploymentPrerenders.fallback,
        contentType: deploymentPrerenders.contentType,
      })
      .from(deploymentPrerenders)
      .where(eq(deploymentPrerenders.deploymentId, deploymentId)),
  ]);
  return { functions, prerenders };
}

/** A deployment's functions by path, with the `.vc-config.json` each was stored with (the deployment page's list). */
export async function listDeploymentFunctions(
  db: Db,
  deploymentId: string,
): Promise<Pick<StoredFunction, 'path' | 'config'>[]> {
  return db
    .select({ path: deploymentFunctions.path, config: deploymentFunctions.config })
    .from(deploymentFunctions)
    .where(eq(deploymentFunctions.deploymentId, deploymentId))
    .orderBy(asc(deploymentFunctions.path));
}
