// File trees of deployments: the uploaded source (checked for unsafe paths before anything is
// written), which blobs are stored and which of them each team may reference, and the built output
// the edge serves.
import { FILES_MAX } from '@nimbus/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { blobs, deploymentFiles, deploymentOutputs, teamBlobs } from '../schema';

export interface FileEntry {
  file: string;
  sha: string;
  size: number;
  mode?: number;
}

const SHA1 = /^[0-9a-f]{40}$/;
const PATH_MAX = 1024;
const CHUNK = 1000;

/** Rejects "..", absolute paths, NUL, backslashes, duplicates and a path that is both file and folder. */
export function validateFiles(files: FileEntry[]): FileEntry[] {
  if (!files.length)
    throw new DomainError('bad_request', 'The deployment has no files. Deploy a folder with at least one file.');
  if (files.length > FILES_MAX)
    throw new DomainError(
      'bad_request',
      `A deployment has at most ${FILES_MAX} files; this one has ${files.length}. Leave build output and dependencies out of the upload.`,
    );
  const seen = new Set<string>();
  for (const f of files) {
    const p = f.file;
    const bad =
      typeof p !== 'string' ||
      !p ||
      p.length > PATH_MAX ||
      p.includes('\0') ||
      p.includes('\\') ||
      p.startsWith('/') ||
      p.split('/').some((seg) => seg === '' || seg === '.' || seg === '..');
    if (bad)
      throw new DomainError(
        'bad_request',
        `Unsafe file path ${JSON.stringify(p)}: use relative POSIX paths without "..", "." or empty parts.`,
      );
    if (seen.has(p)) throw new DomainError('bad_request', `The file "${p}" is listed twice. List each path once.`);
    seen.add(p);
    if (!SHA1.test(f.sha))
      throw new DomainError(
        'invalid_digest',
        `The sha of "${p}" is not a SHA-1 digest (40 lower-case hex characters).`,
      );
    if (!Number.isSafeInteger(f.size) || f.size < 0)
      throw new DomainError('bad_request', `The size of "${p}" must be a whole number of bytes.`);
  }
  for (const p of seen) {
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (seen.has(dir))
        throw new DomainError('bad_request', `"${dir}" is both a file and a folder. Rename one of them.`);
    }
  }
  return files;
}

/** Digests not yet in the store, each once, in the order given (the build stores only those). */
export async function missingBlobs(db: Db, shas: string[]): Promise<string[]> {
  const unique = [...new Set(shas)];
  const present = new Set<string>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    for (const row of await db.select({ sha: blobs.sha }).from(blobs).where(inArray(blobs.sha, chunk)))
      present.add(row.sha);
  }
  return unique.filter((sha) => !present.has(sha));
}

/**
 * The stored size of each digest the team may reference (it uploaded the content, or the blob is in
 * one of its deployments). A digest absent from the map is missing for this team, even when another
 * team stored it.
 */
export async function teamBlobSizes(db: Db, teamId: string, shas: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(shas)];
  const sizes = new Map<string, number>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .select({ sha: blobs.sha, size: blobs.size })
      .from(teamBlobs)
      .innerJoin(blobs, eq(blobs.sha, teamBlobs.sha))
      .where(and(eq(teamBlobs.teamId, teamId), inArray(teamBlobs.sha, unique.slice(i, i + CHUNK))));
    for (const row of rows) sizes.set(row.sha, row.size);
  }
  return sizes;
}

/** Records stored blobs and that `teamId` holds their content, so its deployments may reference them. */
export async function recordBlobs(db: Db, teamId: string, rows: { sha: string; size: number }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await db.insert(blobs).values(chunk).onConflictDoNothing();
    await db
      .insert(teamBlobs)
      .values(chunk.map((r) => ({ teamId, sha: r.sha })))
      .onConflictDoNothing();
  }
}

export async function listSourceFiles(db: Db, deploymentId: string) {
  return db
    .select()
    .from(deploymentFiles)
    .where(eq(deploymentFiles.deploymentId, deploymentId))
    .orderBy(asc(deploymentFiles.path));
}

export async function listOutputs(db: Db, deploymentId: string) {
  return db
    .select()
    .from(deploymentOutputs)
    .where(eq(deploymentOutputs.deploymentId, deploymentId))
    .orderBy(asc(deploymentOutputs.path));
}

export interface TreeNode {
  name: string;
  type: 'directory' | 'file';
  uid?: string;
  size?: number;
  mode?: number;
  children?: TreeNode[];
}

/** A flat list of paths as nested folders, folders first, each level sorted by name. */
export function toTree(files: { path: string; sha: string; size: number; mode?: number }[]): TreeNode[] {
  const root: TreeNode = { name: '', type: 'directory', children: [] };
  for (const f of files) {
    const parts = f.path.split('/');
    let node = root;
    for (const dir of parts.slice(0, -1)) {
      let next = node.children!.find((c) => c.name === dir && c.type === 'directory');
      if (!next) node.children!.push((next = { name: dir, type: 'directory', children: [] }));
      node = next;
    }
    node.children!.push({
      name: parts[parts.length - 1]!,
      type: 'file',
      uid: f.sha,
      size: f.size,
      mode: f.mode ?? 0o100644,
    });
  }
  const sort = (nodes: TreeNode[]): TreeNode[] =>
    nodes
      .sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1))
      .map((n) => (n.children ? { ...n, children: sort(n.children) } : n));
  return sort(root.children!);
}
