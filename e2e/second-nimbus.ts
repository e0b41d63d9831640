// A second Nimbus for journeys that need other settings than the suite's server (no sandbox, a mail
// server): same built web app, its own port and fresh PGlite data directory. Started once per spec.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SecondNimbus {
  origin: string;
  stop(): Promise<void>;
}

/** Starts it on E2E_PORT + `offset` with `env` on top of the suite's settings; resolves once /api/health answers. */
export async function startSecondNimbus(offset: number, env: Record<string, string>): Promise<SecondNimbus> {
  const port = Number(process.env.E2E_PORT ?? 3210) + offset;
  const origin = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-e2e-second-'));
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      NIMBUS_DATA_DIR: dataDir,
      NIMBUS_PUBLIC_URL: origin,
      NIMBUS_ENV: 'development',
      NIMBUS_TRUST_PROXY: '1',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 400) throw new Error(`the second Nimbus did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    origin,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
