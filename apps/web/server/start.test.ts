// `npm start` (scripts/start.mjs) on a machine that lacks the build sandbox's commands: before it builds
// the web app, its first lines say which are missing and the Debian command that installs them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const START = new URL('../../../scripts/start.mjs', import.meta.url).href;
let bare: string;
beforeAll(() => {
  // A PATH with node and nothing else.
  bare = mkdtempSync(path.join(tmpdir(), 'nimbus-start-path-'));
  symlinkSync(process.execPath, path.join(bare, 'node'));
});
afterAll(() => rmSync(bare, { recursive: true, force: true }));

/** What start.mjs's start-up check prints, run by the `node` that PATH finds. */
function startCheck(env: Record<string, string>) {
  const result = spawnSync(
    'node',
    [
      '--input-type=module',
      '-e',
      `import { checkSandboxAtStart } from ${JSON.stringify(START)}; checkSandboxAtStart();`,
    ],
    // Next.js's type augmentation makes NODE_ENV required in ProcessEnv; this environment is complete as it is.
    { env: env as NodeJS.ProcessEnv, encoding: 'utf8' },
  );
  expect(result.error).toBeUndefined();
  expect(result.status).toBe(0);
  return { stdout: result.stdout, lines: result.stderr.split('\n').filter(Boolean) };
}

describe('the start-up check of npm start', () => {
  it('names what is missing and the apt-get command that installs it', () => {
    const { lines } = startCheck({ PATH: bare });
    expect(lines[0]).toMatch(/^\[sandbox\] Builds are disabled because this server cannot isolate them \(bwrap, /);
    expect(lines[0]).toContain('apt-get install bubblewrap util-linux slirp4netns iproute2');
    expect(lines[1]).toContain('Nimbus starts anyway: the dashboard works');
  });

  it('leaves slirp4netns out when builds have no network', () => {
    const { lines } = startCheck({ PATH: bare, NIMBUS_BUILD_NETWORK: 'none' });
    expect(lines[0]).toContain('(Debian: apt-get install bubblewrap util-linux)');
  });

  it('says builds run without isolation when the sandbox is off', () => {
    expect(startCheck({ PATH: bare, NIMBUS_BUILD_SANDBOX: 'off' }).lines).toEqual([
      '[sandbox] NIMBUS_BUILD_SANDBOX=off: builds run WITHOUT isolation, as plain processes of this server.',
    ]);
  });

  it('says nothing where everything is installed', () => {
    expect(startCheck({ PATH: '/usr/sbin:/usr/bin:/sbin:/bin' })).toEqual({ stdout: '', lines: [] });
  });
});
