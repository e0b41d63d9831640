// Test helpers for the deployment API: a real API with an engine on a temp local store, optionally
// a real build worker, and the client side of the deploy flow (upload what is missing, poll).
import { createHash } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type SizeLimits, startWorker, type Worker, type WorkerOptions } from '@nimbus/engine';
import { createTestEngine } from '@nimbus/engine/src/testing';
import type { ApiOptions } from './context';
import { createTestApi } from './testing';

export const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest('hex');

export async function createEngineTestApi(
  opts: { worker?: Partial<WorkerOptions>; api?: Partial<ApiOptions> } & Partial<SizeLimits> = {},
) {
  const eng = await createTestEngine({ maxFileSize: opts.maxFileSize, maxDeploymentSize: opts.maxDeploymentSize });
  const t = await createTestApi({ gitDir: path.join(eng.dir, 'git'), ...opts.api, engine: eng.engine });
  let worker: Worker | null = null;
  if (opts.worker) {
    // Sandboxed builds run as their team's host uid, which must pass through the temp dir (0700) to the builds.
    await chmod(eng.dir, 0o711);
    worker = await startWorker({
      db: t.db,
      engine: eng.engine,
      deployDomain: 'localhost',
      buildRoot: path.join(eng.dir, 'builds'),
      pollMs: 200,
      heartbeatMs: 300,
      ...opts.worker,
    });
  }

  async function upload(token: string, content: Buffer | string, query = '') {
    const data = Buffer.from(content);
    return t.app.request(`http://localhost:3000/v2/files${query}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-now-digest': sha1(data),
        'x-now-size': String(data.length),
        'content-type': 'application/octet-stream',
      },
      body: data,
    });
  }

  /** The client side of the deploy flow: send, upload what is missing, send again. */
  async function deploy(
    token: string,
    files: Record<string, string | Buffer>,
    extra: Record<string, unknown> = {},
    query = '',
  ) {
    const list = Object.entries(files).map(([file, content]) => ({
      file,
      sha: sha1(Buffer.from(content)),
      size: Buffer.byteLength(content),
    }));
    const body = { name: 'site', files: list, ...extra };
    let res = await t.call('POST', `/v13/deployments${query}`, { token, body });
    if (res.status === 400 && res.json.error.code === 'missing_files') {
      for (const [, content] of Object.entries(files)) {
        if (res.json.error.missing.includes(sha1(Buffer.from(content)))) await upload(token, content, query);
      }
      res = await t.call('POST', `/v13/deployments${query}`, { token, body });
    }
    return res;
  }

  /** Polls GET /v13/deployments/{id} until readyState is one of `states`. */
  async function waitFor(
    token: string,
    id: string,
    states = ['READY', 'ERROR', 'CANCELED'],
    timeoutMs = 60_000,
    query = '',
  ) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const res = await t.call('GET', `/v13/deployments/${id}${query}`, { token });
      if (states.includes(res.json?.readyState)) return res.json;
      if (Date.now() > until) throw new Error(`deployment ${id} still ${res.json?.readyState} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The build log of a deployment as plain text, one line per event (the NDJSON stream the CLI reads). */
  async function logText(token: string, id: string) {
    const res = await t.app.request(`http://localhost:3000/v3/now/deployments/${id}/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).text)
      .join('\n');
  }

  const close = async () => {
    await worker?.stop();
    await t.close();
    await eng.close();
  };
  return { ...t, engine: eng.engine, engineDir: eng.dir, worker, upload, deploy, waitFor, logText, close };
}

/** Writes a folder of files (`{ 'css/site.css': '...' }`) for a client to deploy; returns its path. */
export async function writeSite(dir: string, files: Record<string, string>): Promise<string> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return dir;
}
