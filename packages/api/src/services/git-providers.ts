// Connected repositories: a project follows a repository on GitHub, GitLab, Bitbucket or a
// Gitea/Forgejo server. The provider calls `POST /v1/git/webhooks/{provider}/{projectId}` (public;
// the signature over the raw body is the credential) on a push or a pull request; Nimbus fetches
// the commit from the clone URL into the project's bare repository and deploys it as a push to its
// own remote would (git.ts `deployCommit`), a pull request as a preview. The worker reports each
// READY or ERROR deployment back (engine/src/hooks/git-status.ts). The access token and the webhook
// secret are sealed with the env-value cipher; the token is never returned, the secret once.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as db from '@nimbus/db';
import { checkDestination, ensureRepo, fetchCommit, refusedDestination } from '@nimbus/engine';
import { authorize } from './access';
import { audit } from './audit';
import { createContext, engineOf, type ServiceContext } from './context';
import { deployCommit, gitRoot } from './git';

export const GIT_PROVIDERS = ['github', 'gitlab', 'bitbucket', 'gitea'] as const;
export type GitProvider = (typeof GIT_PROVIDERS)[number];

const DEFAULT_API: Record<GitProvider, string | null> = {
  github: 'https://api.github.com',
  gitlab: 'https://gitlab.com/api/v4',
  bitbucket: 'https://api.bitbucket.org/2.0',
  gitea: null,
};
const DEFAULT_WEB: Record<GitProvider, string | null> = {
  github: 'https://github.com',
  gitlab: 'https://gitlab.com',
  bitbucket: 'https://bitbucket.org',
  gitea: null,
};
/** The user name git sends with the token as its password (HTTP Basic). */
const TOKEN_USER: Record<GitProvider, string> = {
  github: 'x-access-token',
  gitlab: 'oauth2',
  bitbucket: 'x-token-auth',
  gitea: 'nimbus',
};

const REPOSITORY = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+){1,5}$/;
const BRANCH = /^(?!\/|.*\/\/|.*\.\.|.*\/$|.*\.lock$)[A-Za-z0-9._/-]{1,200}$/;

const webhookUrl = (ctx: ServiceContext, provider: string, projectId: string) =>
  `${ctx.options.publicUrl.replace(/\/$/, '')}/api/v1/git/webhooks/${provider}/${projectId}`;

function connectionJson(ctx: ServiceContext, row: db.GitRepository, webhookSecret?: string) {
  return {
    provider: row.provider,
    repository: row.repository,
    apiUrl: row.apiUrl,
    cloneUrl: row.cloneUrl,
    hasToken: Boolean(row.tokenSealed),
    webhookUrl: webhookUrl(ctx, row.provider, row.projectId),
    ...(webhookSecret ? { webhookSecret } : {}),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** An http(s) URL without credentials that is a public address unless the operator allows others. */
async function checkUrl(ctx: ServiceContext, field: string, value: string): Promise<string> {
  const url = new URL(
    await checkDestination(value, { allowPrivate: ctx.options.allowPrivateHookAddresses ?? false, field }),
  );
  if (url.username || url.password)
    throw new db.DomainError('bad_request', `${field}: leave credentials out of the URL; give the token separately.`);
  return url.href.replace(/\/$/, '');
}

export async function getConnection(ctx: ServiceContext, idOrName: string) {
  const scope = await authorize(ctx, 'project:read');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  return connectionJson(ctx, await db.requireGitRepository(ctx.db, project.id));
}

export interface ConnectionInput {
  provider: string;
  repository: string;
  apiUrl?: string;
  cloneUrl?: string;
  /** An access token for fetching private repositories and posting statuses; null removes it. */
  token?: string | null;
  /** Makes a new webhook secret (shown in this reply only). */
  rotateSecret?: boolean;
}

/** Connects the project to a repository (or changes the connection); a new webhook secret is shown once. */
export async function putConnection(ctx: ServiceContext, idOrName: string, input: ConnectionInput) {
  const scope = await authorize(ctx, 'project:update');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  if (!(GIT_PROVIDERS as readonly string[]).includes(input.provider))
    throw new db.DomainError('bad_request', `provider: one of ${GIT_PROVIDERS.join(', ')}.`);
  const provider = input.provider as GitProvider;
  const repository = input.repository.trim().replace(/\.git$/, '');
  if (!REPOSITORY.test(repository))
    throw new db.DomainError('bad_request', 'repository: owner/name (or a GitLab group/subgroup/project path).');
  const apiInput = input.apiUrl?.trim() || DEFAULT_API[provider];
  if (!apiInput)
    throw new db.DomainError(
      'bad_request',
      'apiUrl: a Gitea or Forgejo server needs its API URL (https://host/api/v1).',
    );
  const apiUrl = await checkUrl(ctx, 'apiUrl', apiInput);
  const web = DEFAULT_WEB[provider] ?? new URL(apiUrl).origin;
  const cloneUrl = await checkUrl(ctx, 'cloneUrl', input.cloneUrl?.trim() || `${web}/${repository}.git`);
  const token = input.token === undefined ? undefined : input.token?.trim() || null;
  if (token && token.length > 1000) throw new db.DomainError('bad_request', 'token: at most 1000 characters.');
  const cipher = engineOf(ctx).cipher;
  const existing = await db.getGitRepository(ctx.db, project.id);
  const secret = !existing || input.rotateSecret ? randomBytes(24).toString('hex') : undefined;
  const row = await db.saveGitRepository(ctx.db, {
    projectId: project.id,
    teamId: scope.teamId,
    provider,
    repository,
    apiUrl,
    cloneUrl,
    tokenSealed: token === undefined ? undefined : token && cipher.encrypt(token),
    secretSealed: secret ? cipher.encrypt(secret) : existing!.secretSealed,
    createdBy: ctx.actor.user.id,
  });
  await audit(
    ctx,
    'git.connected',
    { type: 'project', id: project.id, name: project.name },
    { projectId: project.id, type: provider, repo: repository },
  );
  return connectionJson(ctx, row, secret);
}

export async function deleteConnection(ctx: ServiceContext, idOrName: string) {
  const scope = await authorize(ctx, 'project:update');
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  if (!(await db.deleteGitRepository(ctx.db, project.id))) throw db.notFound('A connected repository of this project');
  await audit(
    ctx,
    'git.disconnected',
    { type: 'project', id: project.id, name: project.name },
    { projectId: project.id },
  );
  return {};
}

/** The team's connected repositories, for the Integrations page. */
export async function listConnections(ctx: ServiceContext, teamId: string) {
  return (await db.listGitRepositories(ctx.db, teamId)).map((r) => ({
    provider: r.provider,
    repository: r.repository,
    projectId: r.projectId,
  }));
}

// Incoming webhooks

type Header = (name: string) => string | undefined;

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const hmacHex = (secret: string, body: Uint8Array) => createHmac('sha256', secret).update(body).digest('hex');

/** Whether the delivery carries the provider's signature of the raw body under the secret. */
export function verifySignature(provider: GitProvider, header: Header, body: Uint8Array, secret: string): boolean {
  switch (provider) {
    case 'github':
      return sameSecret(header('x-hub-signature-256'), `sha256=${hmacHex(secret, body)}`);
    case 'bitbucket':
      return sameSecret(header('x-hub-signature'), `sha256=${hmacHex(secret, body)}`);
    case 'gitlab':
      return sameSecret(header('x-gitlab-token'), secret);
    case 'gitea':
      return sameSecret(header('x-gitea-signature') ?? header('x-forgejo-signature'), hmacHex(secret, body));
  }
}

const DELIVERY_HEADER: Record<GitProvider, string[]> = {
  github: ['x-github-delivery'],
  gitea: ['x-gitea-delivery', 'x-forgejo-delivery'],
  gitlab: ['x-gitlab-event-uuid'],
  bitbucket: ['x-request-uuid', 'x-hook-uuid'],
};

type GitEvent =
  | { kind: 'push'; branch: string; sha: string }
  | { kind: 'pr'; branch: string; sha: string; number: string };

/** What a delivery asks for: a push of a branch, an opened or updated pull request, or nothing. */
export function parseEvent(provider: GitProvider, header: Header, payload: any): GitEvent | string {
  const branchOf = (ref: unknown) => (typeof ref === 'string' ? ref.replace(/^refs\/heads\//, '') : '');
  if (provider === 'github' || provider === 'gitea') {
    const event = header('x-github-event') ?? header('x-gitea-event') ?? header('x-forgejo-event') ?? '';
    if (event === 'push') {
      if (payload.deleted || /^0+$/.test(payload.after ?? '')) return 'a deleted branch';
      if (!String(payload.ref ?? '').startsWith('refs/heads/')) return 'not a branch push';
      return { kind: 'push', branch: branchOf(payload.ref), sha: String(payload.after) };
    }
    if (event === 'pull_request') {
      if (!['opened', 'synchronize', 'synchronized', 'reopened'].includes(payload.action))
        return `pull request ${payload.action}`;
      const head = payload.pull_request?.head ?? {};
      return {
        kind: 'pr',
        branch: String(head.ref ?? ''),
        sha: String(head.sha ?? ''),
        number: String(payload.number),
      };
    }
    return `the ${event || 'unnamed'} event`;
  }
  if (provider === 'gitlab') {
    const event = header('x-gitlab-event') ?? '';
    if (event === 'Push Hook') {
      if (/^0+$/.test(payload.after ?? '')) return 'a deleted branch';
      return { kind: 'push', branch: branchOf(payload.ref), sha: String(payload.checkout_sha ?? payload.after) };
    }
    if (event === 'Merge Request Hook') {
      const mr = payload.object_attributes ?? {};
      if (!['open', 'reopen', 'update'].includes(mr.action)) return `merge request ${mr.action}`;
      return {
        kind: 'pr',
        branch: String(mr.source_branch ?? ''),
        sha: String(mr.last_commit?.id ?? ''),
        number: String(mr.iid),
      };
    }
    return `the ${event || 'unnamed'} event`;
  }
  const event = header('x-event-key') ?? '';
  if (event === 'repo:push') {
    const next = payload.push?.changes?.[0]?.new;
    if (next?.type !== 'branch') return 'not a branch push';
    return { kind: 'push', branch: String(next.name), sha: String(next.target?.hash ?? '') };
  }
  if (event === 'pullrequest:created' || event === 'pullrequest:updated') {
    const pr = payload.pullrequest ?? {};
    return {
      kind: 'pr',
      branch: String(pr.source?.branch?.name ?? ''),
      sha: String(pr.source?.commit?.hash ?? ''),
      number: String(pr.id),
    };
  }
  return `the ${event || 'unnamed'} event`;
}

/**
 * `POST /v1/git/webhooks/{provider}/{projectId}`: a verified push or pull-request event deploys
 * its commit, as the person who connected the repository (while their role allows).
 */
export async function receiveWebhook(
  options: ServiceContext['options'],
  input: { provider: string; projectId: string; header: Header; body: Uint8Array },
) {
  const provider = input.provider as GitProvider;
  const repo =
    (GIT_PROVIDERS as readonly string[]).includes(provider) && /^[A-Za-z0-9_-]{1,100}$/.test(input.projectId)
      ? await db.getGitRepository(options.db, input.projectId)
      : null;
  if (!repo || repo.provider !== provider) throw db.notFound('A connected repository with this webhook URL');
  const cipher = options.engine!.cipher;
  if (!verifySignature(provider, input.header, input.body, cipher.decrypt(repo.secretSealed)))
    throw new db.DomainError(
      'invalid_signature',
      'The webhook signature does not match the secret Nimbus gave for this repository.',
    );
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(input.body).toString('utf8'));
  } catch {
    throw new db.DomainError('bad_request', 'The webhook body is not JSON; choose the application/json content type.');
  }
  const event = parseEvent(provider, input.header, payload ?? {});
  if (typeof event === 'string')
    return { status: 200 as const, body: { ignored: true, reason: `Nimbus does not deploy ${event}.` } };
  if (!BRANCH.test(event.branch) || !/^[0-9a-f]{7,64}$/.test(event.sha))
    throw new db.DomainError('bad_request', 'The event names no branch and commit Nimbus can deploy.');
  const deliveryId = DELIVERY_HEADER[provider]
    .map((h) => input.header(h))
    .find(Boolean)
    ?.slice(0, 200);
  if (deliveryId && !(await db.claimGitDelivery(options.db, repo.projectId, deliveryId)))
    return { status: 200 as const, body: { ignored: true, reason: 'This delivery was handled already.' } };
  try {
    const user = await db.getUser(options.db, repo.createdBy ?? '').catch(() => null);
    if (!user)
      throw new db.DomainError('forbidden', 'The person who connected this repository left; connect it again.');
    const ctx = createContext(options, { user, token: null, via: 'token' }, repo.teamId);
    const scope = await authorize(ctx, 'deployment:create');
    const project = await db.getProject(ctx.db, scope.teamId, repo.projectId);
    const root = gitRoot(ctx);
    const dir = await ensureRepo(root, project.id, project.productionBranch);
    // A name that does not resolve here fails in git's fetch below, with git's own words.
    const refused = await refusedDestination(repo.cloneUrl, options.allowPrivateHookAddresses ?? false).catch(
      () => null,
    );
    if (refused) throw new db.DomainError('bad_request', `The clone URL was not fetched: ${refused}`);
    const token = repo.tokenSealed ? cipher.decrypt(repo.tokenSealed) : null;
    const sha = await fetchCommit(root, dir, {
      url: repo.cloneUrl,
      sha: event.sha,
      branch: event.branch,
      ref: event.kind === 'pr' ? `refs/nimbus/pull/${event.number}` : `refs/heads/${event.branch}`,
      authorization: token ? `Basic ${Buffer.from(`${TOKEN_USER[provider]}:${token}`).toString('base64')}` : undefined,
    }).catch((err: Error) => {
      throw new db.DomainError(
        'bad_request',
        `Nimbus could not fetch ${event.sha} from ${repo.cloneUrl}: ${err.message}`,
      );
    });
    const meta: Record<string, string> = { [db.GIT_PROVIDER_META.provider]: provider };
    if (event.kind === 'pr') meta[db.GIT_PROVIDER_META.pullRequest] = event.number;
    const deployment = await deployCommit(ctx, scope, project, event.branch, sha, {
      meta,
      preview: event.kind === 'pr',
    });
    return { status: 201 as const, body: { deployment: { id: deployment.id, url: deployment.url } } };
  } catch (error) {
    if (deliveryId) await db.releaseGitDelivery(options.db, repo.projectId, deliveryId);
    throw error;
  }
}

export type GitConnectionJson = ReturnType<typeof connectionJson>;
