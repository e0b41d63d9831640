// Deployments of the team in scope: create from a file list, read by id or URL, list with filters
// and pages, cancel, delete. Each reply names the creator by username, so no caller has to look
// members up.
// Creating one: every path is checked first, tool folders (node_modules/, .next/ ...) are dropped,
// the digests this team has not uploaded are reported (`missing_files`: the client uploads them and
// sends the body again; another team's upload does not count), the sizes are held to
// NIMBUS_MAX_FILE_SIZE and NIMBUS_MAX_DEPLOYMENT_SIZE, inline files are stored, the
// `--archive=tgz` form is expanded as a stream, the project is found or created by name, and the deployment, its
// files and its build job are recorded in one transaction. With `deploymentId` and no files it is
// Vercel's redeploy: the earlier deployment's source, built again with the project's current
// settings and env vars.
// A prebuilt deployment (`vercel deploy --prebuilt`: `?prebuilt=1`, or any client that sends
// `.vercel/output/config.json`) keeps every file: its Build Output tree and the files its functions
// map in from node_modules/ and .next/. The worker stores that tree as it is.
import type { z } from '@hono/zod-openapi';
import { type DeploymentTarget, functionMemory, isToolPath } from '@nimbus/core';
import * as db from '@nimbus/db';
import {
  deploymentTooLarge,
  expandArchive,
  fileTooLarge,
  type InlineFile,
  isArchive,
  type SizeLimits,
  sha1,
  storeInlineFiles,
} from '@nimbus/engine';
import { deploymentJson, deploymentListItem, type HostContext } from '../deployment-json';
import type { DeploymentCreate } from '../schemas/deployment-request';
import type { DeploymentListQuery } from '../schemas/deployments';
import { authorize } from './access';
import { audit } from './audit';
import { engineOf, hostContext, type ServiceContext } from './context';
import type { FunctionLimits, Scope } from './options';

export type DeploymentListInput = Omit<z.output<typeof DeploymentListQuery>, 'teamId' | 'slug'>;

/** Hosts and inspector URLs of the scope, plus the usernames of these deployments' creators (one query). */
async function replyContext(ctx: ServiceContext, scope: Scope, deployments: db.Deployment[]): Promise<HostContext> {
  const creators = deployments.flatMap((d) => (d.creatorId ? [d.creatorId] : []));
  return { ...hostContext(ctx, scope), usernames: await db.usernamesById(ctx.db, creators) };
}

type RequestFile = NonNullable<DeploymentCreate['files']>[number];
const isInline = (f: RequestFile): f is Extract<RequestFile, InlineFile> => 'data' in f;

/** Where `vercel build` writes the tree's config, relative to the uploaded folder. */
const PREBUILT_CONFIG = '.vercel/output/config.json';

export async function create(
  ctx: ServiceContext,
  input: DeploymentCreate,
  options: { prebuilt?: boolean; source?: 'git' } = {},
) {
  const scope = await authorize(ctx, 'deployment:create');
  const deployment =
    input.deploymentId && !input.files
      ? await redeploy(ctx, scope, input, input.deploymentId)
      : await submit(ctx, scope, input, !!options.prebuilt, options.source);
  engineOf(ctx).events.emit('queued', deployment.id);
  await recordDeployment(ctx, 'deployment.created', deployment);
  const [reply, queue] = await Promise.all([replyContext(ctx, scope, [deployment]), queueOf(ctx, deployment)]);
  return deploymentJson(deployment, reply, [], queue);
}

/** Where a queued deployment waits; null once its build started. */
function queueOf(ctx: ServiceContext, deployment: db.Deployment): Promise<db.QueuePosition | null> {
  if (deployment.state !== 'QUEUED') return Promise.resolve(null);
  return db.queuePosition(ctx.db, deployment.id, ctx.options.teamBuildLimits);
}

async function submit(
  ctx: ServiceContext,
  scope: Scope,
  input: DeploymentCreate,
  prebuiltFlag: boolean,
  source?: 'git',
): Promise<db.Deployment> {
  const engine = engineOf(ctx);
  // The target is checked first: a refused one stores nothing and creates no project.
  const existing = await db.findProject(ctx.db, scope.teamId, input.project ?? input.name ?? '');
  const where = await targetOf(ctx, existing, input);
  const all = input.files ?? [];
  const inline = all.filter(isInline);
  const refs = all.filter((f): f is Exclude<RequestFile, InlineFile> => !isInline(f));
  // Inline files are checked as entries too, before anything is stored.
  const inlinePreview = inline.map((f) => {
    const data = Buffer.from(f.data, f.encoding === 'base64' ? 'base64' : 'utf8');
    if (data.length > engine.maxFileSize) throw fileTooLarge(f.file, data.length, engine);
    return { file: f.file, sha: sha1(data), size: data.length, mode: f.mode };
  });
  db.validateFiles([...refs, ...inlinePreview]);
  const archive = isArchive(refs) && !inline.length;
  const prebuilt = prebuiltFlag || all.some((f) => f.file === PREBUILT_CONFIG);
  if (prebuilt && !archive && !all.some((f) => f.file === PREBUILT_CONFIG))
    throw new db.DomainError(
      'bad_request',
      `A prebuilt deployment needs ${PREBUILT_CONFIG}. Run "vercel build" first, then "vercel deploy --prebuilt".`,
    );
  // Tool folders (node_modules/, .next/, .git/, .vercel/) are never part of a build's source, as in
  // Vercel's CLI: the build installs and builds itself. The archive arrives as .vercel/ parts. A
  // prebuilt tree keeps them: they are its output and its functions' files (never served as static).
  const dropped = (file: string) => !prebuilt && isToolPath(file);
  const keptRefs = archive ? refs : refs.filter((f) => !dropped(f.file));
  const keptInline = inline.filter((f) => !dropped(f.file));
  if (!keptRefs.length && !keptInline.length)
    throw new db.DomainError(
      'bad_request',
      'Every file of this deployment is in node_modules/, .next/, .git/ or .vercel/, which are never deployed. Deploy the source folder.',
    );
  const sizes = await db.teamBlobSizes(
    ctx.db,
    scope.teamId,
    keptRefs.map((f) => f.sha),
  );
  const missing = [...new Set(keptRefs.map((f) => f.sha))].filter((sha) => !sizes.has(sha));
  if (missing.length) {
    throw new db.DomainError(
      'missing_files',
      `${missing.length} file(s) are not uploaded yet. Upload them with POST /v2/files, then send this request again.`,
      { missing },
    );
  }
  checkSizes(engine, [
    ...keptRefs.map((f) => ({ file: f.file, size: sizes.get(f.sha)! })),
    ...inlinePreview.filter((f) => !dropped(f.file)),
  ]);
  const stored = await storeInlineFiles(ctx.db, engine.store, scope.teamId, keptInline);
  let files = [...keptRefs, ...stored];
  if (archive) {
    const { maxFileSize, maxDeploymentSize } = engine;
    const limits = { maxFileSize, maxDeploymentSize, skip: dropped };
    files = db.validateFiles(await expandArchive(ctx.db, engine.store, scope.teamId, refs, limits));
  }

  const project =
    existing ??
    (input.project
      ? await db.getProject(ctx.db, scope.teamId, input.project)
      : await db.findOrCreateProject(ctx.db, scope.teamId, input.name ?? ''));
  if (!existing && !input.project)
    await audit(
      ctx,
      'project.created',
      { type: 'project', id: project.id, name: project.name },
      { projectId: project.id },
    );
  // Only the settings this request sets; the build takes the rest from the project.
  const projectSettings = Object.fromEntries(Object.entries(input.projectSettings ?? {}).filter(([, v]) => v != null));
  return db.createDeployment(ctx.db, {
    project,
    creatorId: ctx.actor.user.id,
    ...where,
    files,
    meta: input.meta ?? {},
    projectSettings,
    source: source ?? sourceOf(ctx),
    ...sealedEnv(ctx, input),
  });
}

/** NIMBUS_MAX_FILE_SIZE per file (the limit may have shrunk since an upload) and NIMBUS_MAX_DEPLOYMENT_SIZE in all. */
function checkSizes(limits: SizeLimits, files: { file: string; size: number }[]): void {
  let total = 0;
  for (const f of files) {
    if (f.size > limits.maxFileSize) throw fileTooLarge(f.file, f.size, limits);
    total += f.size;
  }
  if (total > limits.maxDeploymentSize) throw deploymentTooLarge(limits);
}

/** `-e` and `--build-env` values, sealed like project variables before they are stored. */
function sealedEnv(ctx: ServiceContext, input: DeploymentCreate) {
  const { cipher } = engineOf(ctx);
  const seal = (vars: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, cipher.encrypt(v)]));
  return { env: seal(input.env), buildEnv: seal(input.build?.env) };
}

async function redeploy(ctx: ServiceContext, scope: Scope, input: DeploymentCreate, deploymentId: string) {
  const source = await db.getDeploymentById(ctx.db, deploymentId);
  if (!source || source.teamId !== scope.teamId) throw db.notFound(`The deployment "${deploymentId}"`);
  const project = await db.getProject(ctx.db, scope.teamId, source.projectId);
  const files = (await db.listSourceFiles(ctx.db, source.id)).map((f) => ({
    file: f.path,
    sha: f.sha,
    size: f.size,
    mode: f.mode,
  }));
  // An explicit target wins (null means preview, as in Vercel's API); otherwise the source's target.
  const where =
    input.target === undefined && !input.customEnvironmentSlugOrId
      ? { target: source.target, customEnvironmentId: source.customEnvironmentId }
      : await targetOf(ctx, project, input);
  return db.createDeployment(ctx.db, {
    project,
    creatorId: ctx.actor.user.id,
    ...where,
    files,
    meta: input.meta ?? source.meta,
    source: sourceOf(ctx),
    ...(input.env || input.build ? sealedEnv(ctx, input) : { env: source.env, buildEnv: source.buildEnv }),
  });
}

/**
 * production, preview (null or nothing), or a custom environment of the project by slug or id; anything
 * else is a 400 naming what the project accepts, before anything is created.
 */
async function targetOf(
  ctx: ServiceContext,
  project: db.Project | null,
  input: Pick<DeploymentCreate, 'target' | 'customEnvironmentSlugOrId'>,
): Promise<{ target: DeploymentTarget; customEnvironmentId: string | null }> {
  const wanted = input.customEnvironmentSlugOrId || input.target;
  if (!wanted || wanted === 'preview') return { target: 'preview', customEnvironmentId: null };
  if (wanted === 'production') return { target: 'production', customEnvironmentId: null };
  const own = project ? await db.listCustomEnvironments(ctx.db, project.id) : [];
  const environment = own.find((e) => e.slug === wanted || e.id === wanted);
  if (environment) return { target: 'preview', customEnvironmentId: environment.id };
  const also = own.length ? `, or an environment of "${project!.name}": ${own.map((e) => e.slug).join(', ')}` : '';
  throw new db.DomainError('bad_request', `target: "${wanted}" is not a target: use production or preview${also}.`);
}

/** Where a deployment came from, as the dashboard's list shows it. */
const sourceOf = (ctx: ServiceContext) => (ctx.actor.via === 'token' ? 'cli' : 'dashboard');

/** By id, host or URL; with the hosts that point at it and, while queued, where it waits. */
export async function get(ctx: ServiceContext, idOrUrl: string) {
  const scope = await authorize(ctx, 'deployment:read');
  const deployment = await db.findDeployment(ctx.db, scope.teamId, idOrUrl, ctx.options.deployDomain);
  const [aliases, reply, queue] = await Promise.all([
    db.listDeploymentAliases(ctx.db, deployment.id),
    replyContext(ctx, scope, [deployment]),
    queueOf(ctx, deployment),
  ]);
  return deploymentJson(
    deployment,
    reply,
    aliases.map((a) => a.host),
    queue,
  );
}

/**
 * Vercel's list of a deployment's builders, which `vercel inspect` fetches before printing. Nimbus
 * builds in one step, so the list is empty; the call still checks access, so a bad id is a 404.
 */
export async function builds(ctx: ServiceContext, idOrUrl: string) {
  const scope = await authorize(ctx, 'deployment:read');
  await db.findDeployment(ctx.db, scope.teamId, idOrUrl, ctx.options.deployDomain);
  return { builds: [] as { id: string }[] };
}

/** Pool defaults when the API was built without the server's: the pool's own (packages/engine/src/functions/pool.ts). */
const DEFAULT_FUNCTION_LIMITS: FunctionLimits = {
  defaultMemoryMb: 1024,
  memoryMaxMb: 4096,
  defaultMaxDuration: 60,
  maxDurationCap: 300,
};

/**
 * A deployment's functions with the limits the edge gives each: its `.vc-config.json`'s memory and
 * maxDuration, else the server's defaults, memory capped by the team's plan and
 * NIMBUS_FUNCTION_MEMORY_MAX, and maxDuration by NIMBUS_FUNCTION_MAX_DURATION: the rules the runner
 * pool applies.
 */
export async function functions(ctx: ServiceContext, idOrUrl: string) {
  const scope = await authorize(ctx, 'deployment:read');
  const deployment = await db.findDeployment(ctx.db, scope.teamId, idOrUrl, ctx.options.deployDomain);
  const limits = ctx.options.functionLimits ?? DEFAULT_FUNCTION_LIMITS;
  const [rows, plan] = await Promise.all([
    db.listDeploymentFunctions(ctx.db, deployment.id),
    db.teamPlan(ctx.db, deployment.teamId),
  ]);
  const memory = { defaultMb: limits.defaultMemoryMb, maxMb: limits.memoryMaxMb };
  return {
    functions: rows.map(({ path, config }) => ({
      path: `/${path}`,
      runtime: config.runtime,
      memory: functionMemory(config.memory, plan, memory).mb,
      maxDuration: Math.min(config.maxDuration ?? limits.defaultMaxDuration, limits.maxDurationCap),
      configured: { memory: config.memory ?? null, maxDuration: config.maxDuration ?? null },
      regions: null,
    })),
  };
}

export type DeploymentFunctionsJson = Awaited<ReturnType<typeof functions>>;

/** Newest first, filtered by project (id or name), target and states. */
export async function list(ctx: ServiceContext, input: DeploymentListInput) {
  const scope = await authorize(ctx, 'deployment:read');
  const projectRef = input.projectId ?? input.app;
  const projectId = projectRef ? (await db.getProject(ctx.db, scope.teamId, projectRef)).id : undefined;
  const { items, next, prev } = await db.listDeployments(ctx.db, scope.teamId, { ...input, projectId });
  const reply = await replyContext(ctx, scope, items);
  return {
    deployments: items.map((d) => deploymentListItem(d, reply)),
    pagination: { count: items.length, next, prev },
  };
}

/** Stops a queued or running build; the worker building it sees the event and stops. */
export async function cancel(ctx: ServiceContext, id: string) {
  const scope = await authorize(ctx, 'deployment:cancel');
  const deployment = await db.cancelDeployment(ctx.db, scope.teamId, id);
  engineOf(ctx).events.emit('canceled', deployment.id);
  await recordDeployment(ctx, 'deployment.canceled', deployment);
  return deploymentJson(deployment, await replyContext(ctx, scope, [deployment]));
}

/** Deletes a deployment that serves no alias; the edges forget its host at once. */
export async function remove(ctx: ServiceContext, id: string) {
  const scope = await authorize(ctx, 'deployment:delete');
  const deployment = await db.deleteDeployment(ctx.db, scope.teamId, id);
  await recordDeployment(ctx, 'deployment.deleted', deployment);
  const { events } = engineOf(ctx);
  events.emit('canceled', deployment.id);
  events.emit('alias', deployment.host);
  return { uid: deployment.id, state: 'DELETED' as const };
}

function recordDeployment(
  ctx: ServiceContext,
  action: 'deployment.created' | 'deployment.canceled' | 'deployment.deleted',
  d: db.Deployment,
) {
  return audit(
    ctx,
    action,
    { type: 'deployment', id: d.id, name: d.host },
    { projectId: d.projectId, target: d.target },
  );
}
