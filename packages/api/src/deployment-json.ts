// JSON shape of a deployment as the Vercel CLI, @vercel/client and @vercel/sdk read it: every field
// docs/vercel-compatibility.md lists, `url` as a host without scheme (with the public port when it is not the default),
// `target` null for previews, `aliasAssigned` a boolean the CLI waits for. A queued deployment says
// where it waits: `readyStateReason` (which `vercel inspect` prints), the two Vercel queue flags and
// Nimbus's own `queue`.
import type { Deployment, QueuePosition } from '@nimbus/db';

export interface HostContext {
  deployDomain: string;
  publicUrl: string;
  teamSlug: string;
  /** The owning team, as `team` of a deployment: the CLI checks it against its scope (promote, redeploy). */
  team?: { id: string; name: string; slug: string };
  /** Creator id → username, for `creator.username` (deploymentContext loads it). */
  usernames?: ReadonlyMap<string, string>;
}

/** `label.deployDomain[:port]`: the port of the public URL when it is not 80/443. */
export function fullHost(label: string, ctx: Pick<HostContext, 'deployDomain' | 'publicUrl'>): string {
  const port = new URL(ctx.publicUrl).port;
  return `${label.includes('.') ? label : `${label}.${ctx.deployDomain}`}${port ? `:${port}` : ''}`;
}

/** Nimbus runs no functions yet: the defaults of a Vercel deployment without any. */
const FUNCTION_CONFIG = {
  functionType: 'standard',
  functionMemoryType: 'standard',
  functionTimeout: null,
  secureComputePrimaryRegion: null,
  secureComputeFallbackRegion: null,
} as const;

const ms = (d: Date | null | undefined) => (d ? d.getTime() : undefined);

const builds = (n: number) => `${n} ${n === 1 ? 'build' : 'builds'}`;

/** What a queued build waits for, in words: "2 builds ahead of this one; waiting for …". */
export function queueReason(q: QueuePosition): string {
  const ahead = q.ahead === 0 ? 'Next to build' : `${builds(q.ahead)} ahead of this one`;
  const why =
    q.reason === 'team_limit'
      ? `waiting for the team's running ${q.teamRunning === 1 ? 'build' : 'builds'} (its plan runs ${q.teamLimit} at a time)`
      : 'waiting for a free build worker';
  return `${ahead}; ${why}.`;
}

export function deploymentJson(
  d: Deployment,
  ctx: HostContext,
  aliasHosts: string[] = [],
  queue: QueuePosition | null = null,
) {
  const created = d.createdAt.getTime();
  const ready = ms(d.readyAt);
  return {
    id: d.id,
    uid: d.id,
    url: fullHost(d.host, ctx),
    name: d.name,
    projectId: d.projectId,
    ownerId: d.teamId,
    ...(ctx.team ? { team: ctx.team } : {}),
    readyState: d.state,
    status: d.state,
    state: d.state,
    ...(queue ? { readyStateReason: queueReason(queue), queue } : {}),
    type: 'LAMBDAS' as const,
    target: d.target === 'production' ? ('production' as const) : null,
    ...(d.customEnvironmentId ? { customEnvironment: { id: d.customEnvironmentId } } : {}),
    source: d.source,
    alias: aliasHosts.map((h) => fullHost(h, ctx)),
    aliasAssigned: d.aliasAssigned,
    aliasAssignedAt: ms(d.aliasAssignedAt) ?? null,
    aliasError: null,
    ...(d.errorCode ? { errorCode: d.errorCode, errorMessage: d.errorMessage } : {}),
    inspectorUrl: `${ctx.publicUrl}/${ctx.teamSlug}/${d.name}/${d.id}`,
    createdAt: created,
    created,
    buildingAt: ms(d.buildingAt) ?? created,
    bootedAt: ms(d.buildingAt) ?? created,
    ...(ready ? { ready } : {}),
    ...(d.canceledAt ? { canceledAt: d.canceledAt.getTime() } : {}),
    createdIn: 'local',
    regions: ['local'],
    version: 2 as const,
    meta: d.meta,
    env: Object.keys(d.env),
    build: { env: Object.keys(d.buildEnv) },
    plan: 'hobby' as const,
    public: false,
    creator: { uid: d.creatorId ?? '', username: (d.creatorId && ctx.usernames?.get(d.creatorId)) || '' },
    projectSettings: { ...d.projectSettings },
    framework: d.framework,
    lambdas: [] as unknown[],
    routes: null,
    gitRepo: null,
    buildSkipped: false,
    isInConcurrentBuildsQueue: queue?.reason === 'team_limit',
    isInSystemBuildsQueue: queue?.reason === 'workers_busy',
    // Vercel's function settings, which @vercel/sdk requires, over nimbus.json / vercel.json at build time.
    config: { version: 2, ...d.config, ...FUNCTION_CONFIG },
  };
}

/** The shorter item of deployment lists (GET /v6 and /v7/deployments). */
export function deploymentListItem(d: Deployment, ctx: HostContext) {
  const full = deploymentJson(d, ctx);
  return {
    uid: d.id,
    name: d.name,
    url: full.url,
    created: full.createdAt,
    createdAt: full.createdAt,
    buildingAt: full.buildingAt,
    ...(full.ready ? { ready: full.ready } : {}),
    state: d.state,
    readyState: d.state,
    type: 'LAMBDAS' as const,
    target: full.target,
    projectId: d.projectId,
    meta: d.meta,
    source: d.source,
    aliasAssigned: d.aliasAssigned,
    aliasError: null,
    inspectorUrl: full.inspectorUrl,
    creator: full.creator,
    ...(d.errorCode ? { errorCode: d.errorCode, errorMessage: d.errorMessage } : {}),
  };
}

/** A project's latestDeployments / targets.production item, in the shape @vercel/sdk validates. */
export function projectDeploymentJson(d: Deployment, ctx: HostContext, aliasHosts: string[] = []) {
  return {
    id: d.id,
    name: d.name,
    url: fullHost(d.host, ctx),
    deploymentHostname: d.host,
    alias: aliasHosts.map((h) => fullHost(h, ctx)),
    aliasAssigned: d.aliasAssigned,
    readyState: d.state,
    target: d.target === 'production' ? ('production' as const) : null,
    type: 'LAMBDAS' as const,
    plan: 'hobby' as const,
    private: true,
    createdIn: 'local',
    createdAt: d.createdAt.getTime(),
    ...(d.buildingAt ? { buildingAt: d.buildingAt.getTime() } : {}),
    ...(d.readyAt ? { readyAt: d.readyAt.getTime() } : {}),
    creator: null,
    ...(d.creatorId ? { userId: d.creatorId } : {}),
    meta: d.meta,
  };
}

export type DeploymentJson = ReturnType<typeof deploymentJson>;
export type DeploymentListItem = ReturnType<typeof deploymentListItem>;
export type ProjectDeploymentJson = ReturnType<typeof projectDeploymentJson>;
