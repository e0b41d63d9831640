// Every command and group answers --help with its usage (run through the built CLI), and the
// start command checks its roles before looking for a server to start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLimit } from './limit';
import { buildCli, cliUser } from './testing';

const COMMANDS = [
  [],
  ['login'],
  ['logout'],
  ['whoami'],
  ['deploy'],
  ['ls'],
  ['inspect'],
  ['logs'],
  ['promote'],
  ['rollback'],
  ['rm'],
  ['projects'],
  ['projects', 'ls'],
  ['projects', 'add'],
  ['projects', 'rm'],
  ['env'],
  ['env', 'ls'],
  ['env', 'add'],
  ['env', 'rm'],
  ['env', 'pull'],
  ['teams'],
  ['teams', 'ls'],
  ['teams', 'add'],
  ['teams', 'switch'],
  ['start'],
  ['upgrade'],
];

let user: Awaited<ReturnType<typeof cliUser>>;
beforeAll(async () => {
  await buildCli();
  user = await cliUser('http://127.0.0.1:9');
});
afterAll(() => user.remove());

describe('nimbus --help', () => {
  it('prints usage for every command, and --json on every list', async () => {
    const results = await mapLimit(COMMANDS, 4, (args) => user.run([...args, '--help']));
    results.forEach((result, i) => {
      expect(result.code, COMMANDS[i]!.join(' ')).toBe(0);
      expect(result.stdout).toContain(`Usage: nimbus ${COMMANDS[i]!.join(' ')}`.trim());
    });
    for (const list of ['ls', 'projects ls', 'env ls', 'teams ls']) {
      expect(results[COMMANDS.findIndex((c) => c.join(' ') === list)]!.stdout).toContain('--json');
    }
  });

  it('rejects an unknown role for start, and an unknown command, with exit 1', async () => {
    expect(await user.run(['start', '--role', 'web,db'])).toMatchObject({
      code: 1,
      stderr: 'Error: Unknown role db. Use a comma list of web, api, edge, worker.\n',
    });
    const unknown = await user.run(['deploi']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown command 'deploi'");
  });
});
