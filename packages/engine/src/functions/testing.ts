// Test helpers of the function pool: a function folder written from source strings (readable by every
// team's host uid, as the materialised folders of deployments are) and one request read to the end.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FunctionConfig } from '@nimbus/core';
import type { FunctionPool, FunctionRef } from './pool';

let count = 0;

/** The sandbox number of the team a test's functions belong to, unless a test names another. */
export const TEST_SANDBOX_UID = 1;

export function writeFunction(
  root: string,
  files: Record<string, string>,
  config: Partial<FunctionConfig> = {},
  env: Record<string, string> = {},
): FunctionRef {
  const dir = path.join(root, `f${++count}.func`);
  mkdirSync(dir);
  chmodSync(dir, 0o755);
  const full: FunctionConfig = { runtime: 'nodejs20.x', handler: Object.keys(files)[0], ...config };
  for (const [name, text] of Object.entries({ ...files, '.vc-config.json': JSON.stringify(full) }))
    writeFileSync(path.join(dir, name), text, { mode: 0o644 });
  return { key: `fn-${count}`, dir, config: full, env, sandboxUid: TEST_SANDBOX_UID };
}

const { trampoline } = createRequire(import.meta.url)('../build/python-builder/index.js') as {
  trampoline(found: { entrypoint: string; variable: string }): string;
};

/**
 * A Python function folder as Nimbus's Python builder writes it: the project's files (folders made as
 * needed), the `vc__handler__python.py` trampoline naming the module and variable, and the config.
 */
export function writePythonFunction(
  root: string,
  files: Record<string, string>,
  found: { entrypoint: string; variable: string },
  env: Record<string, string> = {},
): FunctionRef {
  const dir = path.join(root, `py${++count}.func`);
  const config: FunctionConfig = { runtime: 'python3.11', handler: 'vc__handler__python.vc_handler' };
  const all = { ...files, 'vc__handler__python.py': trampoline(found), '.vc-config.json': JSON.stringify(config) };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dir, name), text, { mode: 0o644 });
  }
  chmodSync(dir, 0o755);
  return { key: `py-${count}`, dir, config, env, sandboxUid: TEST_SANDBOX_UID };
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  text: string;
  requestId: string;
  cold: boolean;
}

export async function call(
  pool: FunctionPool,
  fn: FunctionRef,
  init: { method?: string; url?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  const r = await pool.invoke(fn, {
    method: init.method ?? 'GET',
    url: init.url ?? '/',
    headers: { host: 'example.test', ...init.headers },
    body: init.body === undefined ? null : Readable.from([Buffer.from(init.body)]),
  });
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of r.body) chunks.push(Buffer.from(chunk));
  } catch {
    // a cut-off body: the test reads what arrived
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of r.headers) {
    const key = name.toLowerCase();
    headers[key] = headers[key] ? `${headers[key]}, ${value}` : value;
  }
  return { status: r.status, headers, text: Buffer.concat(chunks).toString(), requestId: r.requestId, cold: r.cold };
}
