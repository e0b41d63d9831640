// Git deployments. Each project has a git remote on Nimbus (`<public URL>/git/<team>/<project>.git`,
// smart HTTP through `git http-backend`, a token as the password): a push to the production branch
// deploys to production, a push to any other branch deploys a preview that the branch's stable host
// (`<project>-git-<branch>-<team>`) follows, deleting a branch removes that host. A pushed commit
// becomes a deployment the same way an upload does: its tree (git archive, a .tgz) is stored in
// the file store and `deployments.create` queues the build, which the sandboxed worker runs.
// Also here: deploy hooks (a secret URL that deploys a branch's latest pushed commit) and Vercel's
// `POST /v9/projects/{id}/link` (`vercel git connect`).
import { randomBytes } from 'node:crypto';
import * as db from '@nimbus/db';
import {
  archiveCommit,
  type BackendResponse,
  branchHeads,
  commitInfo,
  ensureRepo,
  runHttpBackend,
  sha1,
  uploadBlob,
} from '@nimbus/engine';
import { authorize } from './access';
import { audit } from './audit';
import { createContext, engineOf, type ServiceContext } from './context';
import * as deployments from './deployments';
import type { Scope } from './options';

/** The folder of the bare repositories (NIMBUS_GIT_DIR). */
export function gitRoot(ctx: ServiceContext): string {
  const dir = ctx.options.gitDir;
  if (!dir) throw new db.DomainError('not_found', 'Git remotes are not enabled on this server (NIMBUS_GIT_DIR).');
  return dir;
}

/** The remote's URL, as `git remote add` takes it. */
export function remoteUrl(ctx: ServiceContext, teamSlug: string, projectName: string): string {
  return `${ctx.options.publicUrl.replace(/\/$/, '')}/git/${teamSlug}/${projectName}.git`;
}

export interface GitHttpRequest {
  projectName: string;
  /** After `<project>.git`: `/info/refs`, `/git-upload-pack`, `/git-receive-pack`. */
  rest: string;
  method: string;
  query: string;
  contentType?: string;
  contentEncoding?: string;
  gitProtocol?: string;
  remoteAddr?: string;
  body: ReadableStream<Uint8Array> | null;
}

const SERVICES = new Set(['/info/refs', '/git-upload-pack', '/git-receive-pack', '/HEAD']);

/**
 * One smart HTTP request to a project's remote. Fetching needs `deployment:read` (every role);
 * pushing needs `deployment:create`, so a viewer may clone but not push. After a push the branch
 * heads are compared with those before it, and each changed branch deploys (`afterPush`).
 */
export async function serve(ctx: ServiceContext, req: GitHttpRequest): Promise<BackendResponse> {
  if (!SERVICES.has(req.rest))
    throw new db.DomainError('not_found', `${req.rest} is not a git smart HTTP path. Clone the repository URL itself.`);
  const push = req.rest === '/git-receive-pack' || /(^|&)service=git-receive-pack(&|$)/.test(req.query);
  const scope = await authorize(ctx, push ? 'deployment:create' : 'deployment:read');
  const project = await db.getProject(ctx.db, scope.teamId, req.projectName);
  const root = gitRoot(ctx);
  const dir = await ensureRepo(root, project.id, project.productionBranch);
  const before = req.rest === '/git-receive-pack' ? await branchHeads(root, dir) : null;
  const res = await runHttpBackend({
    root,
    pathInfo: `/${project.id}.git${req.rest}`,
    method: req.method,
    query: req.query,
    contentType: req.contentType,
    contentEncoding: req.contentEncoding,
    gitProtocol: req.gitProtocol,
    remoteUser: ctx.actor.user.username ?? ctx.actor.user.id,
    remoteAddr: req.remoteAddr,
    body: req.body,
  });
  if (!before) return res;
  // The reply streams to the client first; the deployments start once receive-pack has ended.
  const exited = res.exited.then(async (code) => {
    if (code !== 0) return code;
    await afterPush(ctx, scope, project, before, await branchHeads(root, dir)).catch((err) =>
      console.error(`[git] deploying a push to ${project.id} failed: ${db.describeError(err)}`),
    );
    return code;
  });
  return { ...res, exited };
}

/** Deploys each branch the push moved, and removes the hosts of the branches it deleted. */
async function afterPush(
  ctx: ServiceContext,
  scope: Scope,
  project: db.Project,
  before: Map<string, string>,
  after: Map<string, string>,
): Promise<void> {
  for (const [branch, sha] of after) {
    if (before.get(branch) !== sha) await deployCommit(ctx, scope, project, branch, sha);
  }
  for (const branch of before.keys()) {
    if (after.has(branch)) continue;
    const host = await db.removeBranchAlias(ctx.db, project.id, db.branchAliasLabel(project.name, branch, scope.slug));
    if (host) engineOf(ctx).events.emit('alias', host);
  }
}

/** A .tgz part is at most this size, within any NIMBUS_MAX_FILE_SIZE worth running. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * A deployment of one commit of the project's remote: production for the production branch, else a
 * preview that the branch's host follows. A queued deployment of the same branch is canceled: the
 * newer commit replaces it.
 */
export async function deployCommit(
  ctx: ServiceContext,
  scope: Scope,
  project: db.Project,
  branch: string,
  sha: string,
  /** A connected repository's deployment: its provider, a pull request's number (always a preview). */
  extra: { meta?: Record<string, string>; preview?: boolean } = {},
) {
  const engine = engineOf(ctx);
  const root = gitRoot(ctx);
  const dir = await ensureRepo(root, project.id, project.productionBranch);
  const commit = await commitInfo(root, dir, sha);
  const tgz = await archiveCommit(root, dir, commit.sha, engine.maxDeploymentSize);
  const parts: { file: string; sha: string; size: number }[] = [];
  for (let i = 0, n = 1; i < tgz.length || n === 1; i += PART_BYTES, n++) {
    const data = tgz.subarray(i, i + PART_BYTES);
    const digest = sha1(data);
    await uploadBlob(ctx.db, engine.store, scope.teamId, { sha: digest, size: data.length, data });
    parts.push({ file: `.vercel/source.tgz.part${n}`, sha: digest, size: data.length });
  }
  const production = !extra.preview && branch === project.productionBranch;
  const meta: Record<string, string> = {
    [db.GIT_META.sha]: commit.sha,
    [db.GIT_META.ref]: branch,
    [db.GIT_META.message]: commit.message.slice(0, 1000),
    [db.GIT_META.authorName]: commit.authorName.slice(0, 200),
    [db.GIT_META.authorEmail]: commit.authorEmail.slice(0, 320),
    [db.GIT_META.branchAlias]: db.branchAliasLabel(project.name, branch, scope.slug),
    ...extra.meta,
  };
  const created = await deployments.create(
    ctx,
    { project: project.id, target: production ? 'production' : undefined, files: parts, meta },
    { source: 'git' },
  );
  const replaced = await db.cancelQueuedOfBranch(ctx.db, (await db.getDeploymentById(ctx.db, created.id))!, branch);
  for (const id of replaced) engine.events.emit('canceled', id);
  return created;
}

// Deploy hooks

const HOOK_URL = (ctx: ServiceContext, projectId: string, secret: string) =>
  `${ctx.options.publicUrl.replace(/\/$/, '')}/api/v1/integrations/deploy/${projectId}/${secret}`;

function hookJson(ctx: ServiceContext, hook: db.DeployHook) {
  const secret = engineOf(ctx).cipher.decrypt(hook.secretSealed);
  return {
    id: hook.id,
    name: hook.name,
    ref: hook.ref,
    url: HOOK_URL(ctx, hook.projectId, secret),
    createdAt: hook.createdAt.getTime(),
  };
}

/** Vercel's `link` of a project: the connected repository and the deploy hooks; null when neither. */
export async function linkJson(ctx: ServiceContext, project: db.Project, scope: Scope) {
  const hooks = await db.listDeployHooks(ctx.db, project.id);
  const link = project.gitLink;
  return {
    type: link?.type ?? 'nimbus',
    org: link?.org ?? `git/${scope.slug}`,
    repo: link?.repo ?? project.name,
    repoUrl: remoteUrl(ctx, scope.slug, project.name),
    connected: Boolean(link),
    nimbusRemote: link ? link.nimbus : true,
    productionBranch: project.productionBranch,
    deployHooks: hooks.map((h) => hookJson(ctx, h)),
    createdAt: link?.createdAt ?? project.createdAt.getTime(),
    updatedAt: link?.updatedAt ?? project.updatedAt.getTime(),
  };
}

/** The project's Git settings: its remote, production branch, connection, hooks and build switches. */
export async function settings(ctx: ServiceContext, idOrName: string) {
  const scope = await authorize(ctx, 'project:read');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  return {
    ...(await linkJson(ctx, project, scope)),
    commandForIgnoringBuildStep: project.commandForIgnoringBuildStep,
    rootDirectory: project.rootDirectory,
  };
}

const BRANCH = /^(?!\/|.*\/\/|.*\.\.|.*\/$|.*\.lock$)[A-Za-z0-9._/-]{1,200}$/;

function checkBranch(ref: string): string {
  if (!BRANCH.test(ref))
    throw new db.DomainError('bad_request', `ref: "${ref}" is not a branch name (letters, digits, . _ / -).`);
  return ref;
}

export async function createHook(ctx: ServiceContext, idOrName: string, input: { name: string; ref: string }) {
  const scope = await authorize(ctx, 'project:update');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  const name = input.name.trim();
  if (!name || name.length > 100) throw new db.DomainError('bad_request', 'name: 1 to 100 characters.');
  const secret = randomBytes(16).toString('hex');
  const hook = await db.createDeployHook(ctx.db, {
    projectId: project.id,
    teamId: scope.teamId,
    name,
    ref: checkBranch(input.ref.trim()),
    secret,
    sealed: engineOf(ctx).cipher.encrypt(secret),
    createdBy: ctx.actor.user.id,
  });
  await audit(
    ctx,
    'deploy_hook.created',
    { type: 'project', id: project.id, name: project.name },
    {
      projectId: project.id,
      hookId: hook.id,
      name: hook.name,
      ref: hook.ref,
    },
  );
  return hookJson(ctx, hook);
}

export async function deleteHook(ctx: ServiceContext, idOrName: string, hookId: string) {
  const scope = await authorize(ctx, 'project:update');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  const hook = await db.deleteDeployHook(ctx.db, project.id, hookId);
  await audit(
    ctx,
    'deploy_hook.deleted',
    { type: 'project', id: project.id, name: project.name },
    {
      projectId: project.id,
      hookId: hook.id,
      name: hook.name,
    },
  );
  return {};
}

/**
 * `POST /v1/integrations/deploy/{projectId}/{secret}`: anyone holding the URL deploys the hook's
 * branch at its latest pushed commit, as the person who made the hook (while their role allows).
 */
export async function triggerHook(options: ServiceContext['options'], projectId: string, secret: string) {
  const hook = /^[0-9a-f]{32}$/.test(secret) ? await db.findDeployHook(options.db, projectId, secret) : null;
  if (!hook) throw db.notFound('This deploy hook');
  const user = await db.getUser(options.db, hook.createdBy ?? '').catch(() => null);
  if (!user) throw new db.DomainError('forbidden', 'The person who made this deploy hook left; create a new hook.');
  const ctx = createContext(options, { user, token: null, via: 'token' }, hook.teamId);
  const scope = await authorize(ctx, 'deployment:create');
  const project = await db.getProject(ctx.db, scope.teamId, hook.projectId);
  const root = gitRoot(ctx);
  const dir = await ensureRepo(root, project.id, project.productionBranch);
  const sha = (await branchHeads(root, dir)).get(hook.ref);
  if (!sha)
    throw new db.DomainError(
      'bad_request',
      `The branch "${hook.ref}" has no commits on the project's git remote yet. Push it first.`,
    );
  const deployment = await deployCommit(ctx, scope, project, hook.ref, sha);
  return { job: { id: deployment.id, state: 'PENDING' as const, createdAt: deployment.createdAt } };
}

// vercel git connect

/**
 * `POST /v9/projects/{id}/link` as `vercel git connect` sends it: `{type, repo}`, the provider
 * and `org/repo` it parsed from a remote URL. The project's own Nimbus remote (`git/<team>/<project>`)
 * deploys on push; a GitHub, GitLab or Bitbucket repository is recorded as the project's link.
 */
export async function connect(ctx: ServiceContext, idOrName: string, input: { type: string; repo: string }) {
  const scope = await authorize(ctx, 'project:update');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  const slash = input.repo.lastIndexOf('/');
  const org = slash > 0 ? input.repo.slice(0, slash) : '';
  const repo = input.repo.slice(slash + 1).replace(/\.git$/, '');
  const own = /^(api\/)?git\/([^/]+)$/.exec(org);
  if (own) {
    if (own[2] !== scope.slug || repo !== project.name)
      throw new db.DomainError(
        'repo_not_found',
        `That is not the git remote of "${project.name}". Its remote is ${remoteUrl(ctx, scope.slug, project.name)}.`,
      );
  } else if (!['github', 'gitlab', 'bitbucket'].includes(input.type) || !org || !repo) {
    throw new db.DomainError(
      'repo_not_found',
      `Connect the project's Nimbus remote (${remoteUrl(ctx, scope.slug, project.name)}) or a GitHub, GitLab or Bitbucket repository URL.`,
    );
  }
  const now = Date.now();
  const gitLink = {
    type: input.type,
    org,
    repo,
    nimbus: Boolean(own),
    createdAt: project.gitLink?.createdAt ?? now,
    updatedAt: now,
  };
  const updated = await db.updateProject(ctx.db, scope.teamId, project.id, { gitLink });
  await audit(
    ctx,
    'git.connected',
    { type: 'project', id: project.id, name: project.name },
    {
      projectId: project.id,
      type: input.type,
      repo: `${org}/${repo}`,
    },
  );
  return updated;
}

export async function disconnect(ctx: ServiceContext, idOrName: string) {
  const scope = await authorize(ctx, 'project:update');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  const updated = await db.updateProject(ctx.db, scope.teamId, project.id, { gitLink: null });
  if (project.gitLink)
    await audit(
      ctx,
      'git.disconnected',
      { type: 'project', id: project.id, name: project.name },
      {
        projectId: project.id,
      },
    );
  return updated;
}

export async function projectOf(ctx: ServiceContext, idOrName: string): Promise<db.Project> {
  const scope = await authorize(ctx, 'project:read');
  return db.getProject(ctx.db, scope.teamId, idOrName);
}

export type GitSettingsJson = Awaited<ReturnType<typeof settings>>;
