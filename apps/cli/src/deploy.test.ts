// The built CLI against a running API with a real build worker: projects, deploy (link, upload
// only what is missing, streamed log, URLs), ls, promote, rollback, rm and a failing build.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createEngineTestApi } from '@nimbus/api/src/engine-testing';
import { listen } from '@nimbus/api/src/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCli, cliUser } from './testing';

// Each case starts the CLI several times and most wait for a real build: on a busy machine that takes
// longer than the default 30 s without anything being wrong.
vi.setConfig({ testTimeout: 90_000 });

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let server: Awaited<ReturnType<typeof listen>>;
let user: Awaited<ReturnType<typeof cliUser>>;
let token: string;
let site: string;
const ids: Record<string, string> = {};

async function writeFiles(dir: string, files: Record<string, string>) {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
}

beforeAll(async () => {
  await buildCli();
  t = await createEngineTestApi({ worker: {} });
  server = await listen(t.app);
  token = (await t.signup('ada@example.com', 'Ada')).token;
  user = await cliUser(server.url);
  await user.run(['login', '--token', token]);
  site = path.join(user.home, 'site');
  await writeFiles(site, {
    'index.html': '<h1>v1</h1>',
    'about.html': '<p>about</p>',
    'css/site.css': 'h1{}',
    '.env': 'SECRET=1',
    'node_modules/x/index.js': '',
  });
});
afterAll(async () => {
  await user.remove();
  await server.close();
  await t.close();
});

describe('nimbus projects', () => {
  it('adds, lists and removes a project; removing needs --yes without a terminal', async () => {
    expect(await user.run(['projects', 'add', 'scratch'])).toMatchObject({ code: 0, stdout: 'scratch\n' });
    const list = JSON.parse((await user.run(['projects', 'ls', '--json'])).stdout);
    expect(list.map((p: { name: string }) => p.name)).toEqual(['scratch']);
    const refused = await user.run(['projects', 'rm', 'scratch']);
    expect(refused).toMatchObject({
      code: 1,
      stderr:
        'Error: Delete project scratch and all its deployments? Pass --yes to confirm when not running in a terminal.\n',
    });
    expect((await user.run(['projects', 'rm', 'scratch', '--yes'])).stderr).toBe('Deleted project scratch.\n');
    expect(await user.run(['projects', 'rm', 'scratch', '--yes'])).toMatchObject({
      code: 1,
      stderr: 'Error: The project "scratch" was not found.\n',
    });
  });
});

describe('nimbus deploy and deployments', () => {
  it('links the folder on first deploy, uploads its files, streams the build and prints the URLs', async () => {
    const result = await user.run(['deploy', '--prod', '--yes'], { cwd: site });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^http:\/\/site-[a-z0-9]+\.localhost:3000\n$/);
    expect(result.stderr).toContain('Created project ada-projects/site');
    expect(result.stderr).toContain('Linked to ada-projects/site');
    expect(result.stderr).toContain('Uploading 3 of 3 files');
    expect(result.stderr).toContain('Downloaded 3 deployment files.');
    expect(result.stderr).toMatch(/Production {2}http:\/\/site\.localhost:3000\n/);
    expect(result.stderr).toMatch(/Inspect {5}http:\/\/localhost:3000\/ada-projects\/site\/dpl_\w+\n/);
    const link = JSON.parse(await readFile(path.join(site, '.nimbus', 'project.json'), 'utf8'));
    expect(Object.keys(link).sort()).toEqual(['projectId', 'teamId']);
  });

  it('re-deploys to the linked project uploading only the changed file', async () => {
    await writeFile(path.join(site, 'index.html'), '<h1>v2</h1>');
    const result = await user.run(['deploy'], { cwd: site });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Uploading 1 of 3 files');
    expect(result.stderr).not.toContain('Production');
  });

  it('lists the linked project deployments as JSON, newest first', async () => {
    const list = JSON.parse((await user.run(['ls', '--json'], { cwd: site })).stdout);
    expect(list.map((d: { target: string | null; state: string }) => [d.target, d.state])).toEqual([
      [null, 'READY'],
      ['production', 'READY'],
    ]);
    [ids.preview, ids.production] = list.map((d: { uid: string }) => d.uid);
    expect((await user.run(['ls'], { cwd: site })).stdout).toMatch(/READY\s+preview\s+http:\/\/site-/);
  });

  it('promotes the preview, then rolls production back to the previous production deployment', async () => {
    const promoted = await user.run(['promote', ids.preview!], { cwd: site });
    expect(promoted).toMatchObject({ code: 0, stdout: 'http://site.localhost:3000\n' });
    expect((await t.call('GET', `/v13/deployments/${ids.preview}`, { token })).json.alias).toEqual([
      'site.localhost:3000',
    ]);
    const refused = await user.run(['rollback', ids.preview!], { cwd: site });
    expect(refused).toMatchObject({
      code: 1,
      stderr: 'Error: Roll back only to an earlier production deployment; use promote for a preview deployment.\n',
    });
    const rolled = await user.run(['rollback'], { cwd: site });
    expect(rolled.stderr).toBe(`Rolled back to ${ids.production}.\n`);
    expect((await t.call('GET', `/v13/deployments/${ids.production}`, { token })).json.alias).toEqual([
      'site.localhost:3000',
    ]);
  });

  it('inspects by URL, prints the log, and removes a deployment', async () => {
    const url = `http://${(await t.call('GET', `/v13/deployments/${ids.preview}`, { token })).json.url}/`;
    expect((await user.run(['inspect', url], { cwd: site })).stdout).toMatch(
      new RegExp(`id +${ids.preview}\\nname +site\\nstate +READY`),
    );
    expect((await user.run(['logs', ids.preview!], { cwd: site })).stdout).toContain('Downloaded 3 deployment files.');
    expect((await user.run(['rm', ids.preview!, '--yes'], { cwd: site })).stderr).toBe(`Deleted ${ids.preview}.\n`);
    expect(await user.run(['inspect', ids.preview!], { cwd: site })).toMatchObject({
      code: 1,
      stderr: `Error: The deployment "${ids.preview}" was not found.\n`,
    });
  });

  it('exits 1 with the error message when the build fails, after streaming its log', async () => {
    const broken = path.join(user.home, 'broken');
    await writeFiles(broken, {
      'nimbus.json': JSON.stringify({ buildCommand: 'echo compiling && exit 3' }),
      'index.html': 'x',
    });
    const result = await user.run(['deploy', broken, '--yes', '--name', 'broken-app']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Linked to ada-projects/broken-app');
    expect(result.stderr).toContain('compiling');
    expect(result.stderr).toContain('Error: Build failed: Command "echo compiling && exit 3" exited with 3.');
  });

  it('names the project from the folder by the rule the dashboard uses (projectNameFrom in @nimbus/core)', async () => {
    const folder = path.join(user.home, 'Café---Site');
    await writeFiles(folder, { 'index.html': 'accents' });
    const result = await user.run(['deploy', folder, '--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Created project ada-projects/cafe-site');
  });
});

describe('nimbus deploy --scope', () => {
  it('links a new folder to the named team, and refuses a folder linked to another team', async () => {
    expect((await user.run(['teams', 'add', 'Acme Web', '--slug', 'acme-web'])).code).toBe(0);
    const folder = path.join(user.home, 'scoped');
    await writeFiles(folder, { 'index.html': 'scoped' });
    const result = await user.run(['deploy', folder, '--yes', '--scope', 'acme-web']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Created project acme-web/scoped');
    expect((await user.run(['whoami'])).stderr).toBe('Team: ada-projects (Ada)\n');
    const refused = await user.run(['deploy', site, '--scope', 'acme-web']);
    expect(refused).toMatchObject({
      code: 1,
      stderr:
        'Error: This folder is linked to ada-projects/site, not to team acme-web. Delete its .nimbus folder to link it anew.\n',
    });
    expect(await user.run(['deploy', path.join(user.home, 'other'), '--scope', 'no-such-team'])).toMatchObject({
      code: 1,
    });
  });
});

describe('nimbus env', () => {
  it('adds from stdin, lists names only, pulls a dotenv file and removes variables', async () => {
    expect(
      (await user.run(['env', 'add', 'API_URL', 'production'], { cwd: site, input: 'https://api.example\n' })).code,
    ).toBe(0);
    expect(
      (await user.run(['env', 'add', 'GREETING', 'development'], { cwd: site, input: 'say "hi"\ntwice' })).code,
    ).toBe(0);
    const listed = JSON.parse((await user.run(['env', 'ls', '--json'], { cwd: site })).stdout);
    expect(listed.map((v: { key: string; target: string[] }) => [v.key, v.target])).toEqual(
      expect.arrayContaining([
        ['API_URL', ['production']],
        ['GREETING', ['development']],
      ]),
    );
    expect(JSON.stringify(listed)).not.toContain('api.example');
    expect((await user.run(['env', 'ls', 'development'], { cwd: site })).stdout).not.toContain('API_URL');

    expect((await user.run(['env', 'pull'], { cwd: site })).stderr).toBe('Wrote 1 variable to .env.local.\n');
    expect(await readFile(path.join(site, '.env.local'), 'utf8')).toContain('GREETING="say \\"hi\\"\\ntwice"\n');
    await user.run(['env', 'pull', 'prod.env', '--environment', 'production'], { cwd: site });
    expect(await readFile(path.join(site, 'prod.env'), 'utf8')).toContain('API_URL="https://api.example"\n');

    expect((await user.run(['env', 'rm', 'API_URL'], { cwd: site })).code).toBe(0);
    expect(await user.run(['env', 'rm', 'API_URL'], { cwd: site })).toMatchObject({
      code: 1,
      stderr: 'Error: API_URL is not set in site. See `nimbus env ls`.\n',
    });
    expect(await user.run(['env', 'ls'], { cwd: user.home })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('This folder is not linked to a project.'),
    });
  });
});
