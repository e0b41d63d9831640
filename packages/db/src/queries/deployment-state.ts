// State changes a build makes: QUEUED → BUILDING → READY | ERROR (CANCELED comes from the API).
// READY writes the output tree, sets aliasAssigned and, for production, moves the production host,
// all in one transaction, so a deployment is never READY without its files or its alias.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { aliases, buildLogs, deploymentOutputs, deployments } from '../schema';
import { assignProduction, projectDomainNames } from './aliases';
import { type BuildOutputRows, insertBuildOutput } from './build-output';
import type { Deployment } from './deployments';
import { assignBranchAlias } from './git';
import { deploymentEventPayload, recordHookEvent } from './hooks';

export interface OutputFile {
  path: string;
  sha: string;
  size: number;
}

/** QUEUED → BUILDING; null when the deployment was canceled or deleted meanwhile. */
export async function markBuilding(db: Db, id: string): Promise<Deployment | null> {
  const [row] = await db
    .update(deployments)
    .set({ state: 'BUILDING', buildingAt: new Date() })
    .where(and(eq(deployments.id, id), inArray(deployments.state, ['QUEUED', 'BUILDING'])))
    .returning();
  return row ?? null;
}

/** Back to QUEUED after an interrupted build, with a line in the log saying why. */
export async function markRequeued(db: Db, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(deployments)
      .set({ state: 'QUEUED' })
      .where(and(eq(deployments.id, id), eq(deployments.state, 'BUILDING')));
    await tx.insert(buildLogs).values({ deploymentId: id, type: 'info', text: reason });
  });
}

export async function markReady(
  db: Db,
  input: {
    id: string;
    outputs: OutputFile[];
    config: Record<string, unknown>;
    framework: string | null;
    /** A Build Output deployment's config, functions and prerenders; absent for a static one. */
    buildOutput?: BuildOutputRows | null;
    /** Sealed variables of a Build Output deployment's functions. */
    runtimeEnv?: Record<string, string> | null;
  },
): Promise<{ deployment: Deployment; hosts: string[] } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(deployments).where(eq(deployments.id, input.id)).for('update');
    if (current?.state !== 'BUILDING') return null;
    const rows = input.outputs.map((o) => ({ deploymentId: input.id, ...o }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(deploymentOutputs).values(rows.slice(i, i + 500));
    if (input.buildOutput) await insertBuildOutput(tx, input.id, input.buildOutput);
    const now = new Date();
    const [deployment] = await tx
      .update(deployments)
      .set({
        state: 'READY',
        readyAt: now,
        aliasAssigned: true,
        aliasAssignedAt: now,
        config: input.config,
        framework: input.framework,
        buildOutput: input.buildOutput?.config ?? null,
        runtimeEnv: input.buildOutput ? (input.runtimeEnv ?? null) : null,
      })
      .where(eq(deployments.id, input.id))
      .returning();
    await tx
      .insert(buildLogs)
      .values({ deploymentId: input.id, type: 'info', text: readyLine(rows.length, input.buildOutput) });
    const hosts = [deployment!.host];
    if (deployment!.target === 'production' && (await isNewestProduction(tx, deployment!)))
      hosts.push(await assignProduction(tx, deployment!), ...(await projectDomainNames(tx, [deployment!.projectId])));
    const d = deployment!;
    // A git branch's stable host follows its newest READY deployment.
    const branchHost = await assignBranchAlias(tx, d);
    if (branchHost) hosts.push(branchHost);
    await recordHookEvent(tx, {
      teamId: d.teamId,
      projectId: d.projectId,
      type: 'deployment.succeeded',
      payload: deploymentEventPayload(d),
    });
    return { deployment: d, hosts };
  });
}

function readyLine(files: number, output: BuildOutputRows | null | undefined): string {
  if (!output) return `Deployment ready: ${files} files.`;
  return `Deployment ready: ${files} static files, ${output.functions.length} functions, ${output.prerenders.length} prerendered pages.`;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A slow older build finishing after a newer one must not take production back. */
async function isNewestProduction(tx: Tx, deployment: Deployment): Promise<boolean> {
  const [serving] = await tx
    .select({ createdAt: deployments.createdAt })
    .from(aliases)
    .innerJoin(deployments, eq(deployments.id, aliases.deploymentId))
    .where(
      and(
        eq(aliases.projectId, deployment.projectId),
        eq(aliases.kind, 'production'),
        eq(deployments.target, 'production'),
      ),
    );
  return !serving || serving.createdAt <= deployment.createdAt;
}

/** → ERROR with a code and a message a person can act on; a canceled deployment stays CANCELED. */
export async function markFailed(
  db: Db,
  id: string,
  errorCode: string,
  errorMessage: string,
): Promise<Deployment | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(deployments)
      .set({ state: 'ERROR', errorCode, errorMessage, readyAt: new Date() })
      .where(and(eq(deployments.id, id), inArray(deployments.state, ['QUEUED', 'BUILDING'])))
      .returning();
    if (row) {
      await tx.insert(buildLogs).values({ deploymentId: id, type: 'error', text: errorMessage });
      await recordHookEvent(tx, {
        teamId: row.teamId,
        projectId: row.projectId,
        type: 'deployment.error',
        payload: deploymentEventPayload(row, { errorCode, errorMessage }),
      });
    }
    return row ?? null;
  });
}

export async function deploymentState(db: Db, id: string): Promise<Deployment['state'] | null> {
  const [row] = await db.select({ state: deployments.state }).from(deployments).where(eq(deployments.id, id));
  return row?.state ?? null;
}
