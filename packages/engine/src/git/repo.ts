// A project's git remote: a bare repository under NIMBUS_GIT_DIR, named by the project id. Every
// git call is an argument array with a clean environment (no server secrets, no user or system git
// config) and hooks pointed at nowhere, so a push runs only git's own code on this host.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What every git process of Nimbus gets: nothing of the server's environment. */
export function gitEnv(root: string): Record<string, string> {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: root,
    LANG: 'C.UTF-8',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
  };
}

/** Project ids are `prj_` plus URL-safe characters; anything else never names a folder. */
export function repoPath(root: string, projectId: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(projectId)) throw new Error(`not a project id: ${projectId}`);
  return path.join(root, `${projectId}.git`);
}

async function git(root: string, args: string[], opts: { maxBuffer?: number; encoding?: 'buffer' } = {}) {
  return run('git', args, {
    env: gitEnv(root),
    maxBuffer: opts.maxBuffer ?? 16 * 1024 * 1024,
    encoding: opts.encoding ?? 'utf8',
  } as Parameters<typeof execFile>[2]) as unknown as Promise<{ stdout: string | Buffer }>;
}

/** Creates the bare repository on first use; its production branch is HEAD. */
export async function ensureRepo(root: string, projectId: string, productionBranch = 'main'): Promise<string> {
  const dir = repoPath(root, projectId);
  if (existsSync(path.join(dir, 'HEAD'))) return dir;
  await mkdir(root, { recursive: true, mode: 0o700 });
  // Private like the rest of the data directory: `--shared=0600` makes git create folders 700 and files
  // 600 (objects 400) now and on every later push; no template, so no sample hooks are copied in.
  await git(root, [
    'init',
    '--quiet',
    '--bare',
    '--shared=0600',
    '--template=',
    `--initial-branch=${productionBranch}`,
    dir,
  ]);
  for (const [key, value] of [
    ['http.receivepack', 'true'],
    ['core.hooksPath', '/dev/null'],
    ['receive.denyNonFastForwards', 'false'],
    ['receive.fsckObjects', 'true'],
  ] as const)
    await git(root, ['--git-dir', dir, 'config', key, value]);
  return dir;
}

/** Branch → commit sha of every branch. */
export async function branchHeads(root: string, dir: string): Promise<Map<string, string>> {
  const { stdout } = await git(root, [
    '--git-dir',
    dir,
    'for-each-ref',
    '--format=%(objectname) %(refname)',
    'refs/heads/',
  ]);
  const heads = new Map<string, string>();
  for (const line of String(stdout).split('\n')) {
    const m = /^([0-9a-f]{40,64}) refs\/heads\/(.+)$/.exec(line);
    if (m) heads.set(m[2]!, m[1]!);
  }
  return heads;
}

export interface CommitInfo {
  sha: string;
  message: string;
  authorName: string;
  authorEmail: string;
}

export async function commitInfo(root: string, dir: string, sha: string): Promise<CommitInfo> {
  const { stdout } = await git(root, ['--git-dir', dir, 'log', '-1', '--format=%H%x00%an%x00%ae%x00%B', sha, '--']);
  const [full, authorName, authorEmail, message] = String(stdout).split('\0');
  return { sha: full!, authorName: authorName ?? '', authorEmail: authorEmail ?? '', message: (message ?? '').trim() };
}

/** The commit's tree as a .tgz (git archive), at most `maxBytes`. */
export async function archiveCommit(root: string, dir: string, sha: string, maxBytes: number): Promise<Buffer> {
  if (!/^[0-9a-f]{40,64}$/.test(sha)) throw new Error(`not a commit sha: ${sha}`);
  const { stdout } = await git(root, ['--git-dir', dir, 'archive', '--format=tar.gz', sha], {
    maxBuffer: maxBytes,
    encoding: 'buffer',
  });
  return stdout as Buffer;
}

/**
 * Fetches a commit of another repository (a connected GitHub, GitLab, Bitbucket or Gitea remote)
 * into the bare repository, storing it under `ref`. The commit is asked for by its sha; a server
 * that refuses that (or a short sha) gets the branch fetched instead. The token goes as an HTTP
 * header in git's own config argument, never in the URL or a log. Returns the full sha.
 */
export async function fetchCommit(
  root: string,
  dir: string,
  input: { url: string; sha: string; branch: string; ref: string; authorization?: string },
): Promise<string> {
  const auth = input.authorization ? ['-c', `http.extraHeader=Authorization: ${input.authorization}`] : [];
  // execFile's error names the command line, header included: only git's own words are kept.
  const fetch = (source: string) =>
    git(root, [
      ...auth,
      '--git-dir',
      dir,
      'fetch',
      '--quiet',
      '--no-tags',
      '--',
      input.url,
      `+${source}:${input.ref}`,
    ]).catch((error: { stderr?: unknown }) => {
      throw new Error(
        `git fetch failed: ${String(error.stderr ?? '')
          .trim()
          .slice(0, 500)}`,
      );
    });
  try {
    if (!/^[0-9a-f]{40,64}$/.test(input.sha)) throw new Error('not a full sha');
    await fetch(input.sha);
  } catch {
    await fetch(`refs/heads/${input.branch}`);
  }
  const { stdout } = await git(root, ['--git-dir', dir, 'rev-parse', '--verify', `${input.sha}^{commit}`]).catch(() =>
    git(root, ['--git-dir', dir, 'rev-parse', '--verify', `${input.ref}^{commit}`]),
  );
  return String(stdout).trim();
}
