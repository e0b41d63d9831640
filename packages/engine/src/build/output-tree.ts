// Shared rules of reading a Build Output tree (build-output.ts, output-functions.ts): JSON files that
// fail with a message naming them, paths that stay relative, and the callbacks that hash a file once
// and refuse a path that leads out of the tree.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from './files';

export const MAX_DEPTH = 64;
/** A relative POSIX path without "..", "." or empty parts. */
export const isSafePath = (p: string) =>
  !!p &&
  !p.startsWith('/') &&
  !p.includes('\\') &&
  !p.includes('\0') &&
  p.split('/').every((s) => s && s !== '.' && s !== '..');

export const invalid = (message: string) => new BuildError('INVALID_BUILD_OUTPUT', message);
export const inside = (root: string, p: string) => p === root || p.startsWith(root + path.sep);

export interface Hashed {
  sha: string;
  size: number;
  abs: string;
}

/** Counts a file against the limits and hashes it once, however many names it has. */
export type HashFn = (abs: string, shown: string) => Promise<Hashed>;
/** The real path of a file, which must stay inside the tree. */
export type ConfineFn = (abs: string, shown: string) => Promise<string>;

export async function readJson<T>(file: string, shown: string): Promise<T> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw invalid(`${shown} is missing. Run "vercel build" and deploy again.`);
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as T;
  } catch (err) {
    throw invalid(`${shown} is not valid JSON (${(err as Error).message}). Run "vercel build" and deploy again.`);
  }
  throw invalid(`${shown} must hold a JSON object. Run "vercel build" and deploy again.`);
}
