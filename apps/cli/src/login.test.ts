// The built CLI against a running API: device login approved in the dashboard, whoami, teams,
// logout, and the errors a person sees when the token or the server is wrong.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createTestApi, listen, ORIGIN } from '@nimbus/api/src/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cliUser, waitForOutput } from './testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let server: Awaited<ReturnType<typeof listen>>;
let ada: Awaited<ReturnType<typeof t.signup>>;
let user: Awaited<ReturnType<typeof cliUser>>;

beforeAll(async () => {
  await buildCli();
  t = await createTestApi();
  server = await listen(t.app);
  ada = await t.signup('ada@example.com', 'Ada');
  user = await cliUser(server.url);
});
afterAll(async () => {
  await user.remove();
  await server.close();
  await t.close();
});

const readConfig = async () => JSON.parse(await readFile(path.join(user.configDir, 'config.json'), 'utf8'));

describe('nimbus login and account commands', () => {
  it('logs in by device flow once the code is approved in the dashboard, keeping the token in a 600 file', async () => {
    const { child, done } = user.start(['login']);
    const [, code] = await waitForOutput(child, /the code ([A-Z]{4}-[A-Z]{4})/);
    expect((await t.call('POST', `/v1/device/${code}/approve`, { cookie: ada.cookie })).status).toBe(200);
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`${ORIGIN}/device?code=${code}`);
    expect(result.stderr).toContain('Logged in as ada (ada@example.com)');
    expect(await readConfig()).toMatchObject({ token: expect.stringMatching(/^nmb_/), api: server.url });
    expect((await stat(path.join(user.configDir, 'config.json'))).mode & 0o777).toBe(0o600);
    const tokens = await t.call('GET', '/v6/user/tokens', { token: ada.token });
    expect(tokens.json.tokens.map((tk: { origin: string }) => tk.origin)).toContain('cli');
  });

  it('whoami prints the username on stdout and the team on stderr, without colour when piped', async () => {
    const result = await user.run(['whoami']);
    expect(result).toMatchObject({ code: 0, stdout: 'ada\n' });
    expect(result.stderr).toBe('Team: ada-projects (Ada)\n');
  });

  it('creates a team, lists teams as JSON and switches the current team', async () => {
    const added = await user.run(['teams', 'add', 'Acme Web', '--slug', 'acme-web']);
    expect(added).toMatchObject({ code: 0, stdout: 'acme-web\n' });
    const before = JSON.parse((await user.run(['teams', 'ls', '--json'])).stdout);
    expect(before.map((x: { slug: string; current: boolean }) => [x.slug, x.current])).toEqual([
      ['ada-projects', true],
      ['acme-web', false],
    ]);
    expect((await user.run(['teams', 'switch', 'acme-web'])).stderr).toContain('Now using team acme-web');
    const table = await user.run(['teams', 'ls']);
    expect(table.stdout).toMatch(/✔\s+acme-web\s+Acme Web\s+OWNER/);
    expect(table.stdout).not.toContain('\x1b[');
    expect((await user.run(['whoami'])).stderr).toContain('Team: acme-web');
  });

  it('explains a bad token from the API envelope and exits 1', async () => {
    const result = await user.run(['whoami'], { env: { NIMBUS_TOKEN: 'nmb_not_a_real_token' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Error: The token is not valid or has expired. Create a new one in Account settings → Tokens. Run `nimbus login` to sign in again, or check NIMBUS_TOKEN.\n',
    );
  });

  it('names the unreachable server and an unknown team', async () => {
    const down = await user.run(['whoami'], { api: 'http://127.0.0.1:9' });
    expect(down).toMatchObject({
      code: 1,
      stderr:
        'Error: Could not reach the Nimbus server at http://127.0.0.1:9. Is it running? Pass --api <url> for another server.\n',
    });
    const unknown = await user.run(['teams', 'switch', 'no-such-team']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'Error: The team "no-such-team" was not found.\n' });
  });

  it('logs out by revoking the token, then asks to log in; --token logs in again', async () => {
    const { token } = await readConfig();
    expect((await user.run(['logout'])).stderr).toBe('Logged out.\n');
    expect((await t.call('GET', '/v2/user', { token })).status).toBe(403);
    expect(await user.run(['whoami'])).toMatchObject({
      code: 1,
      stderr: 'Error: You are not logged in. Run `nimbus login`, or set NIMBUS_TOKEN.\n',
    });
    const again = await user.run(['login', '--token', ada.token]);
    expect(again.stderr).toContain('Logged in as ada');
    expect((await user.run(['whoami'])).stdout).toBe('ada\n');
  });
});
