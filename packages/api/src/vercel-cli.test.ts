// The official `vercel` CLI against Nimbus (`--api` and a Nimbus token), as a team moving from Vercel
// uses it every day: whoami, teams, deploy, inspect, promote, rollback, redeploy, remove, project rm, logs.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi, writeSite } from './engine-testing';
import { listen } from './testing';

const run = promisify(execFile);
const VERCEL = path.join(process.cwd(), 'node_modules', '.bin', 'vercel');

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let server: Awaited<ReturnType<typeof listen>>;
let home: string;
let token: string;

/** Runs the CLI in `cwd` with `answer` typed at its prompts; a non-zero exit throws with its output. */
async function vercelIn(cwd: string, args: string[], answer = '') {
  const running = run(VERCEL, [...args, '--api', server.url, '--token', token, '-Q', home], {
    env: { ...process.env, VERCEL_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0', HOME: home },
    cwd,
    timeout: 90_000,
  });
  running.child.stdin?.end(answer);
  const { stdout, stderr } = await running;
  return `${stdout}\n${stderr}`;
}
const vercel = (...args: string[]) => vercelIn(home, args);

/** A site whose build prints the GREETING variable it gets. */
const GREETING_SITE = {
  'package.json': JSON.stringify({ scripts: { build: 'node build.js' } }),
  'build.js':
    "require('fs').mkdirSync('public');require('fs').writeFileSync('public/index.html', 'x');console.log('GREETING is ' + process.env.GREETING);",
};

/** The build log of a deployment of acme-web, as text. */
async function logOf(id: string) {
  const lines = (await t.call('GET', `/v3/deployments/${id}/events?slug=acme-web`, { token })).json as {
    text: string;
  }[];
  return lines.map((l) => l.text).join('\n');
}

/** A folder with these files, under the home folder. */
const site = (name: string, files: Record<string, string>) => writeSite(path.join(home, name), files);

/** `vercel deploy` of a folder: the deployment as the API returns it. */
async function deploy(dir: string, ...args: string[]) {
  const out = await vercelIn(dir, ['deploy', '--yes', '--scope', 'acme-web', ...args]);
  const url = out.match(/https?:\/\/([^\s]+\.localhost:\d+)/)?.[1];
  if (!url) throw new Error(`no deployment URL in:\n${out}`);
  const res = await t.call('GET', `/v13/deployments/${url}?slug=acme-web`, { token });
  return res.json as { id: string; url: string; target: string | null; readyState: string; projectId: string };
}

beforeAll(async () => {
  t = await createEngineTestApi({ worker: {} });
  server = await listen(t.app);
  home = await mkdtemp(path.join(tmpdir(), 'nimbus-vercel-cli-'));
  const signed = await t.signup('cli-user@example.com', 'Cli User');
  token = signed.token;
  await t.call('POST', '/v1/teams', { token, body: { name: 'Acme Web', slug: 'acme-web' } });
});
afterAll(async () => {
  await server.close();
  await t.close();
  await rm(home, { recursive: true, force: true });
});

describe('vercel CLI', () => {
  it('whoami prints the username', async () => {
    const out = await vercel('whoami');
    expect(out).toContain('cli-user');
  });

  it('--scope and teams switch take the personal team: its slug is not the username', async () => {
    // The CLI reads a scope equal to the username as "the personal account" and refuses it for northstar users.
    expect(await vercel('project', 'ls', '--scope', 'cli-user-projects')).not.toMatch(/Personal Account/);
    expect(await vercel('teams', 'switch', 'acme-web')).toMatch(/Success! .*acme-web/);
    expect(await vercel('teams', 'switch', 'cli-user-projects')).not.toMatch(/Error|Personal Account/);
  });

  it('teams ls lists the personal account and the team', async () => {
    const out = await vercel('teams', 'ls');
    expect(out).toContain('acme-web');
    expect(out).toContain('Acme Web');
    expect(out).toContain('cli-user-projects');
  });

  describe('deployments', () => {
    let dir: string;
    let first: Awaited<ReturnType<typeof deploy>>;
    let second: Awaited<ReturnType<typeof deploy>>;

    beforeAll(async () => {
      dir = await site('daily', { 'index.html': '<h1>one</h1>', 'app.js': '1' });
      first = await deploy(dir, '--prod');
      await writeFile(path.join(dir, 'index.html'), '<h1>two</h1>');
      second = await deploy(dir, '--prod');
    }, 240_000);

    const production = async () =>
      (await t.call('GET', `/v9/projects/${first.projectId}?slug=acme-web`, { token })).json.targets.production.id;

    it('inspect <url> shows the deployment', { timeout: 90_000 }, async () => {
      const out = await vercel('inspect', `https://${first.url}`, '--scope', 'acme-web');
      expect(out).toContain(first.id);
      expect(out).toContain('daily');
      expect(out).toContain('Ready');
    });

    it('rollback <url> and promote <url> move production', { timeout: 120_000 }, async () => {
      expect(await production()).toBe(second.id);
      await vercel('rollback', first.url, '--yes', '--scope', 'acme-web');
      expect(await production()).toBe(first.id);
      await vercel('promote', second.url, '--yes', '--scope', 'acme-web');
      expect(await production()).toBe(second.id);
    });

    it('redeploy <url> builds the same files again', { timeout: 120_000 }, async () => {
      const out = await vercel('redeploy', first.url, '--scope', 'acme-web');
      const url = out.match(/https?:\/\/([^\s]+\.localhost:\d+)/)?.[1];
      const again = (await t.call('GET', `/v13/deployments/${url}?slug=acme-web`, { token })).json;
      expect(again).toMatchObject({ readyState: 'READY', target: 'production', projectId: first.projectId });
      expect(again.id).not.toBe(first.id);
    });

    it('logs --deployment <url> answers with no runtime logs yet', { timeout: 90_000 }, async () => {
      const out = await vercel(
        'logs',
        '--deployment',
        first.url,
        '--json',
        '--since',
        '1h',
        '--scope',
        'acme-web',
        '--project',
        'daily',
      );
      expect(out).toContain('"recordsReturned":0');
    });

    it('remove <url> --yes deletes a preview', { timeout: 120_000 }, async () => {
      const preview = await deploy(dir);
      await vercel('remove', preview.url, '--yes', '--scope', 'acme-web');
      expect((await t.call('GET', `/v13/deployments/${preview.id}?slug=acme-web`, { token })).status).toBe(404);
    });

    it('project rm deletes the project', { timeout: 90_000 }, async () => {
      const other = await deploy(await site('short-lived', { 'index.html': '<h1>bye</h1>' }));
      await vercelIn(home, ['project', 'rm', 'short-lived', '--scope', 'acme-web'], 'y\n');
      expect((await t.call('GET', `/v9/projects/${other.projectId}?slug=acme-web`, { token })).status).toBe(404);
    });
  });

  describe('pull, env and build', () => {
    let dir: string;

    beforeAll(async () => {
      dir = await site('pulled', { 'index.html': '<h1>pulled</h1>' });
      await deploy(dir);
    }, 120_000);

    it('env add, env ls and env rm manage the project variables', { timeout: 120_000 }, async () => {
      await vercelIn(dir, [
        'env',
        'add',
        'API_URL',
        'production',
        '--value',
        'https://api.example.com',
        '--no-sensitive',
        '--yes',
        '--scope',
        'acme-web',
      ]);
      await vercelIn(dir, ['env', 'add', 'DROP_ME', 'preview', '--value', 'soon gone', '--yes', '--scope', 'acme-web']);
      const listed = await vercelIn(dir, ['env', 'ls', '--scope', 'acme-web']);
      expect(listed).toContain('API_URL');
      expect(listed).toContain('DROP_ME');
      await vercelIn(dir, ['env', 'rm', 'DROP_ME', 'preview', '--yes', '--scope', 'acme-web']);
      expect(await vercelIn(dir, ['env', 'ls', '--scope', 'acme-web'])).not.toContain('DROP_ME');
    });

    it('pull writes the settings and the env file, and build then runs with no editing', {
      timeout: 180_000,
    }, async () => {
      await vercelIn(dir, ['pull', '--yes', '--environment', 'production', '--scope', 'acme-web']);
      const linked = JSON.parse(await readFile(path.join(dir, '.vercel/project.json'), 'utf8'));
      expect(linked.settings).toMatchObject({ nodeVersion: '24.x' });
      expect(await readFile(path.join(dir, '.vercel/.env.production.local'), 'utf8')).toContain(
        'API_URL="https://api.example.com"',
      );
      await vercelIn(dir, ['env', 'pull', '.env.local', '--yes', '--environment', 'production', '--scope', 'acme-web']);
      expect(await readFile(path.join(dir, '.env.local'), 'utf8')).toContain('API_URL="https://api.example.com"');
      await vercelIn(dir, ['build', '--yes', '--prod', '--scope', 'acme-web']);
      expect(await readFile(path.join(dir, '.vercel/output/static/index.html'), 'utf8')).toContain('pulled');
    });

    it('deploy -e and --build-env: the values reach the deployment and its build', { timeout: 180_000 }, async () => {
      const built = await site('with-env', GREETING_SITE);
      const d = await deploy(built, '-e', 'RUNTIME_ONLY=1', '--build-env', 'GREETING=hello');
      const full = (await t.call('GET', `/v13/deployments/${d.id}?slug=acme-web`, { token })).json;
      expect(full).toMatchObject({ readyState: 'READY', env: ['RUNTIME_ONLY'], build: { env: ['GREETING'] } });
      expect(await logOf(d.id)).toContain('GREETING is hello');
    });
  });

  describe('custom environments', () => {
    let dir: string;

    beforeAll(async () => {
      dir = await site('staged', GREETING_SITE);
      await deploy(dir);
      const created = await t.call('POST', '/v9/projects/staged/custom-environments?slug=acme-web', {
        token,
        body: {
          slug: 'staging',
          description: 'Before production',
          branchMatcher: { type: 'startsWith', pattern: 'release/' },
        },
      });
      expect(created.status).toBe(201);
    }, 120_000);

    it('target ls lists the custom environment beside the standard ones', { timeout: 90_000 }, async () => {
      const out = await vercelIn(dir, ['target', 'ls', '--scope', 'acme-web']);
      expect(out).toMatch(/staging\s+release\/\*\s+Preview/);
      expect(out).toContain('Production');
    });

    it('env add <key> staging, deploy --target staging: the build gets that environment only', {
      timeout: 180_000,
    }, async () => {
      await vercelIn(dir, [
        'env',
        'add',
        'GREETING',
        'staging',
        '--value',
        'from staging',
        '--no-sensitive',
        '--yes',
        '--scope',
        'acme-web',
      ]);
      await vercelIn(dir, [
        'env',
        'add',
        'GREETING',
        'preview',
        '--value',
        'from preview',
        '--no-sensitive',
        '--yes',
        '--scope',
        'acme-web',
      ]);
      const staged = await deploy(dir, '--target', 'staging');
      const full = (await t.call('GET', `/v13/deployments/${staged.id}?slug=acme-web`, { token })).json;
      expect(full).toMatchObject({
        readyState: 'READY',
        target: null,
        customEnvironment: { id: expect.stringMatching(/^cenv_/) },
      });
      expect(await logOf(staged.id)).toContain('GREETING is from staging');
      const preview = await deploy(dir);
      expect(await logOf(preview.id)).toContain('GREETING is from preview');
    });

    it('pull --environment staging writes that environment', { timeout: 120_000 }, async () => {
      await vercelIn(dir, ['pull', '--yes', '--environment', 'staging', '--scope', 'acme-web']);
      expect(await readFile(path.join(dir, '.vercel/.env.staging.local'), 'utf8')).toContain('GREETING="from staging"');
    });

    it('deploy --target <unknown> is refused, naming the targets the project has', { timeout: 120_000 }, async () => {
      const refused = await vercelIn(dir, ['deploy', '--yes', '--scope', 'acme-web', '--target', 'qa']).catch(
        (e: { stdout: string; stderr: string }) => `${e.stdout}\n${e.stderr}`,
      );
      expect(refused).toContain(
        '"qa" is not a target: use production or preview, or an environment of "staged": staging',
      );
    });
  });

  it('an unknown API path answers a JSON 404 the CLI can print', async () => {
    const res = await fetch(`${server.url}/projects/prj_none/no-such-thing`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
