// A build runs as its team's own host uid (NIMBUS_SANDBOX_UID_BASE + teams.sandbox_uid), in the real
// sandbox: what its step writes belongs to that uid on the host, and two teams' builds never share one.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeployment, createProject, type Database, newId, schema, teamSandboxUid } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCipher } from '../crypto';
import { sandboxSettings, teamHostUid } from '../sandbox';
import { createLocalStore, sha1 } from '../store/local';
import { TEST_SECRET } from '../testing';
import { BuildError } from './files';
import type { LogWriter } from './log-writer';
import { BUILD_IGNORED, runBuild } from './run-build';

const UID_BASE = 300_000;
let database: Database;
let dir: string;
let store: ReturnType<typeof createLocalStore>;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'nimbus-team-uid-'));
  // Every team's host uid passes through to its build folder and cache.
  await chmod(dir, 0o711);
  store = createLocalStore(path.join(dir, 'files'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Builds a commit of a new team whose Ignored Build Step writes a file and waits until the test has
 * looked at it from the host; returns the team's host uid and the owner of that file and of its cache.
 */
async function buildOfNewTeam(name: string) {
  const teamId = newId('team');
  await database.db.insert(schema.teams).values({ id: teamId, slug: `uid-${name}` });
  const project = await createProject(database.db, teamId, { name });
  const page = Buffer.from('<h1>hi</h1>');
  await store.put(sha1(page), page);
  const deployment = await createDeployment(database.db, {
    project,
    creatorId: 'usr_x',
    target: 'preview',
    files: [{ file: 'index.html', sha: sha1(page), size: page.length }],
    meta: { githubCommitSha: 'a'.repeat(40) },
    projectSettings: {
      commandForIgnoringBuildStep:
        'echo x > owned; i=0; while [ ! -e seen ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done',
    },
  });
  const buildRoot = path.join(dir, `builds-${name}`);
  const cacheDir = path.join(dir, 'cache', teamId);
  const lines: string[] = [];
  const built = runBuild({
    db: database.db,
    store,
    cipher: createCipher(TEST_SECRET),
    deployment,
    project,
    buildRoot,
    cacheDir,
    deployDomain: 'localhost',
    signal: new AbortController().signal,
    log: { line: (_type: string, text: string) => lines.push(text) } as unknown as LogWriter,
    sandbox: sandboxSettings.parse({ uidBase: UID_BASE }),
    limits: { maxFileSize: 1024 ** 2, maxDeploymentSize: 10 * 1024 ** 2 },
    functionMemory: { defaultMb: 1024, maxMb: 4096 },
  }).catch((err: unknown) => err);
  let owner: number | null = null;
  for (let i = 0; i < 300 && owner === null; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const src = existsSync(buildRoot) ? readdirSync(buildRoot).map((b) => path.join(buildRoot, b, 'src')) : [];
    const written = src.find((s) => existsSync(path.join(s, 'owned')));
    if (!written) continue;
    owner = statSync(path.join(written, 'owned')).uid;
    writeFileSync(path.join(written, 'seen'), '');
  }
  const err = await built;
  expect(err, lines.join('\n')).toBeInstanceOf(BuildError);
  expect((err as BuildError).code).toBe(BUILD_IGNORED);
  return { uid: teamHostUid(UID_BASE, await teamSandboxUid(database.db, teamId)), owner };
}

it("runs each team's build as the team's own host uid: the files its step writes are that uid's", {
  timeout: 120_000,
}, async () => {
  const first = await buildOfNewTeam('first');
  const second = await buildOfNewTeam('second');
  expect(first.owner).toBe(first.uid);
  expect(second.owner).toBe(second.uid);
  expect(first.uid).not.toBe(second.uid);
  expect(first.uid).toBeGreaterThan(UID_BASE);
});
