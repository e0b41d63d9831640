// bench/deploy: a 1,000-file static site deployed cold through @vercel/client over real HTTP (every
// file uploaded, built, READY), then again with one file changed, which must upload that one file
// only. Run: npx tsx bench/deploy/run.ts

import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeployment } from '@vercel/client';
import { loadConfig } from '../../apps/web/server/config';
import { createRuntime } from '../../apps/web/server/runtime';
import { serveApi } from '../../test/api-server';

const FILES = 1000;

async function deploy(apiUrl: string, token: string, dir: string) {
  const started = performance.now();
  let uploaded = 0;
  let uploadSeconds = 0;
  for await (const event of createDeployment({ token, path: dir, apiUrl }, { name: 'bench-site' })) {
    if (event.type === 'file-uploaded') uploaded++;
    if (event.type === 'all-files-uploaded') uploadSeconds = (performance.now() - started) / 1000;
    if (event.type === 'error') throw new Error(JSON.stringify(event.payload));
    if (event.type === 'alias-assigned') break;
  }
  return { seconds: (performance.now() - started) / 1000, uploaded, uploadSeconds };
}

const work = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-deploy-'));
const runtime = await createRuntime(
  loadConfig({ NIMBUS_DATA_DIR: path.join(work, 'data'), PORT: '0', NIMBUS_SECRET: randomBytes(32).toString('hex') }),
);
const served = await serveApi(runtime.api.fetch);
const apiUrl = `http://127.0.0.1:${served.port}`;
try {
  const origin = { 'content-type': 'application/json', origin: apiUrl };
  const signup = await fetch(`${apiUrl}/v2/registration`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery' }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { bearerToken } = await (
    await fetch(`${apiUrl}/v3/user/tokens`, {
      method: 'POST',
      headers: { ...origin, cookie },
      body: JSON.stringify({ name: 'bench' }),
    })
  ).json();

  const site = path.join(work, 'site');
  for (let i = 0; i < FILES; i++) {
    const file = path.join(site, `section-${i % 20}`, `page-${i}.html`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      `<!doctype html><title>Page ${i}</title><p>${randomBytes(1024 + (i % 7) * 512).toString('hex')}</p>`,
    );
  }
  const cold = await deploy(apiUrl, bearerToken, site);
  await writeFile(path.join(site, 'section-3', 'page-3.html'), `<!doctype html><p>changed ${Date.now()}</p>`);
  const warm = await deploy(apiUrl, bearerToken, site);
  console.log(`files: ${FILES} (${runtime.database.kind}, store ${runtime.engine.store.kind})`);
  console.log(
    `cold deploy: ${cold.seconds.toFixed(2)} s to READY (uploads done at ${cold.uploadSeconds.toFixed(2)} s), ${cold.uploaded} files uploaded`,
  );
  console.log(`warm redeploy (1 file changed): ${warm.seconds.toFixed(2)} s, ${warm.uploaded} file(s) uploaded`);
  if (warm.uploaded !== 1) process.exitCode = 1;
} finally {
  await served.close();
  await runtime.close();
  await rm(work, { recursive: true, force: true });
}
