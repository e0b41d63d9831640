// Reports a connected repository's deployment back to its provider once READY or ERROR (run by the
// hook dispatcher in the worker role, never on a request path): a commit status with the deployment
// URL, and for a pull request one comment with the preview URL, found again by a hidden marker and
// updated on later pushes. A failed report is retried with back-off for a day.
import {
  type Cipher,
  type Db,
  dueGitReports,
  GIT_META,
  GIT_PROVIDER_META,
  type GitRepository,
  recordGitReport,
} from '@nimbus/db';
import { refusedDestination } from './destination';

export const PREVIEW_MARKER = '<!-- nimbus-preview -->';

type Call = (method: string, path: string, body?: unknown) => Promise<unknown>;

function caller(repo: GitRepository, token: string | null, allowPrivate: boolean): Call {
  const base = repo.apiUrl.replace(/\/$/, '');
  return async (method, path, body) => {
    const url = `${base}${path}`;
    const refused = await refusedDestination(url, allowPrivate);
    if (refused) throw new Error(refused);
    const auth: Record<string, string> = token
      ? { authorization: repo.provider === 'gitea' ? `token ${token}` : `Bearer ${token}` }
      : {};
    const res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'Nimbus-Git/1',
        ...auth,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}`);
    return text ? JSON.parse(text) : null;
  };
}

const enc = encodeURIComponent;

/** The provider's API paths for a repository. */
function paths(repo: GitRepository) {
  const r = repo.repository;
  switch (repo.provider) {
    case 'gitlab': {
      const p = `/projects/${enc(r)}`;
      return {
        status: (sha: string) => `${p}/statuses/${sha}`,
        comments: (n: string) => `${p}/merge_requests/${n}/notes`,
        comment: (n: string, id: string) => `${p}/merge_requests/${n}/notes/${id}`,
        edit: 'PUT',
      };
    }
    case 'bitbucket':
      return {
        status: (sha: string) => `/repositories/${r}/commit/${sha}/statuses/build`,
        comments: (n: string) => `/repositories/${r}/pullrequests/${n}/comments`,
        comment: (n: string, id: string) => `/repositories/${r}/pullrequests/${n}/comments/${id}`,
        edit: 'PUT',
      };
    default:
      return {
        status: (sha: string) => `/repos/${r}/statuses/${sha}`,
        comments: (n: string) => `/repos/${r}/issues/${n}/comments`,
        comment: (_n: string, id: string) => `/repos/${r}/issues/comments/${id}`,
        edit: 'PATCH',
      };
  }
}

function statusBody(provider: string, ok: boolean, url: string) {
  const description = ok ? 'Deployment is ready' : 'Deployment failed';
  if (provider === 'gitlab') return { state: ok ? 'success' : 'failed', target_url: url, name: 'Nimbus', description };
  if (provider === 'bitbucket')
    return { state: ok ? 'SUCCESSFUL' : 'FAILED', key: 'nimbus', name: 'Nimbus', url, description };
  return { state: ok ? 'success' : 'failure', target_url: url, context: 'Nimbus', description };
}

interface Comment {
  id: string | number;
  text: string;
}

function commentsOf(provider: string, reply: unknown): Comment[] {
  const list = (provider === 'bitbucket' ? (reply as { values?: unknown[] })?.values : reply) ?? [];
  return (list as Record<string, any>[]).map((c) => ({
    id: c.id,
    text: String(provider === 'bitbucket' ? (c.content?.raw ?? '') : (c.body ?? '')),
  }));
}

const commentBody = (provider: string, text: string) =>
  provider === 'bitbucket' ? { content: { raw: text } } : { body: text };

/** Sends the status and the pull-request comment of one deployment. */
export async function reportDeployment(
  repo: GitRepository,
  token: string | null,
  deployment: { id: string; state: string; host: string; meta: Record<string, string> },
  options: { deploymentUrl: string; allowPrivate: boolean },
): Promise<void> {
  const call = caller(repo, token, options.allowPrivate);
  const p = paths(repo);
  const ok = deployment.state === 'READY';
  const sha = deployment.meta[GIT_META.sha]!;
  await call('POST', p.status(sha), statusBody(repo.provider, ok, options.deploymentUrl));
  const pr = deployment.meta[GIT_PROVIDER_META.pullRequest];
  if (!pr) return;
  const text = `${PREVIEW_MARKER}\n**Nimbus preview** ${ok ? 'is ready' : 'failed'}: ${options.deploymentUrl}\n\nCommit: \`${sha.slice(0, 12)}\``;
  const earlier = commentsOf(repo.provider, await call('GET', `${p.comments(pr)}?per_page=100`)).find((c) =>
    c.text.includes(PREVIEW_MARKER),
  );
  if (earlier) await call(p.edit, p.comment(pr, String(earlier.id)), commentBody(repo.provider, text));
  else await call('POST', p.comments(pr), commentBody(repo.provider, text));
}

/** One pass: reports every due deployment; resolves to how many were tried. */
export async function reportGitDeployments(options: {
  db: Db;
  cipher: Cipher;
  deployDomain?: string;
  publicUrl: string;
  allowPrivate: boolean;
  retryBaseMs: number;
}): Promise<number> {
  const due = await dueGitReports(options.db, new Date());
  // `label.deployDomain[:port]` as the API shows it (deployment-json.ts `fullHost`).
  const { protocol, port } = new URL(options.publicUrl);
  for (const { deployment, repository, attempts } of due) {
    const label = deployment.host;
    const domain = label.includes('.') || !options.deployDomain ? label : `${label}.${options.deployDomain}`;
    const host = `${domain}${port ? `:${port}` : ''}`;
    try {
      await reportDeployment(
        repository,
        repository.tokenSealed ? options.cipher.decrypt(repository.tokenSealed) : null,
        { ...deployment, meta: (deployment.meta ?? {}) as Record<string, string> },
        { deploymentUrl: `${protocol}//${host}`, allowPrivate: options.allowPrivate },
      );
      await recordGitReport(options.db, deployment.id, { ok: true, attempts: attempts + 1, retryAt: null });
    } catch (error) {
      const retryAt =
        attempts + 1 >= 10 ? null : new Date(Date.now() + Math.min(options.retryBaseMs * 2 ** attempts, 3_600_000));
      await recordGitReport(options.db, deployment.id, {
        ok: false,
        error: (error as Error).message,
        attempts: attempts + 1,
        retryAt,
      });
    }
  }
  return due.length;
}
