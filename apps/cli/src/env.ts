// `nimbus env ls|add|rm|pull` for the linked project. Values never appear in `ls`; `pull` asks the
// server to decrypt them and writes a dotenv file readable only by you.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ENV_TARGETS as TARGETS } from '@nimbus/core/src/deployments';
import type { Command } from 'commander';
import { CliError } from './errors';
import { type LinkedProject, requireLinkedProject } from './link';
import { ago, info, out, printJson, printTable } from './output';
import { readValue } from './prompt';
import { authedSession, type Session } from './session';

interface EnvVar {
  id: string;
  key: string;
  value: string;
  target: string[];
  type: string;
  decrypted: boolean;
  updatedAt: number;
}

function checkTarget(target: string | undefined): void {
  if (target !== undefined && !(TARGETS as readonly string[]).includes(target)) {
    throw new CliError(`"${target}" is not a target. Use one of ${TARGETS.join(', ')}.`);
  }
}

async function listEnv(
  session: Session,
  project: LinkedProject,
  query: { target?: string; decrypt?: string } = {},
): Promise<EnvVar[]> {
  const { envs } = await session.fetch<{ envs: EnvVar[] }>(`/v10/projects/${project.projectId}/env`, {
    query: { teamId: project.teamId, ...query },
  });
  return envs;
}

/** `KEY="value"` with the escapes dotenv parsers read back: backslash, quote and newlines. */
function dotenvLine(key: string, value: string): string {
  return `${key}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`;
}

export function registerEnv(program: Command): void {
  const env = program.command('env').description("Manage the linked project's environment variables");

  env
    .command('ls [target]')
    .description('List variable names and their targets')
    .option('--json', 'print JSON')
    .action(async (target: string | undefined, options: { json?: boolean }, command: Command) => {
      checkTarget(target);
      const session = await authedSession(command);
      const envs = await listEnv(session, await requireLinkedProject(session), target ? { target } : {});
      if (options.json) return printJson(envs.map(({ value: _value, ...rest }) => rest));
      if (!envs.length) return info('No environment variables. Add one with `nimbus env add <name> <target>`.');
      printTable(
        ['name', 'targets', 'type', 'updated'],
        envs.map((v) => [out.bold(v.key), v.target.join(', '), v.type, ago(v.updatedAt)]),
      );
    });

  env
    .command('add <name> <target>')
    .description('Add a variable; the value is asked for, or read from stdin when piped')
    .addHelpText(
      'after',
      '\nExamples:\n  nimbus env add API_URL production\n  echo -n "s3cr3t" | nimbus env add API_KEY preview',
    )
    .action(async (name: string, target: string, _options: unknown, command: Command) => {
      checkTarget(target);
      const session = await authedSession(command);
      const project = await requireLinkedProject(session);
      const value = await readValue(`Value of ${name} for ${target}: `);
      await session.fetch(`/v10/projects/${project.projectId}/env`, {
        method: 'POST',
        query: { teamId: project.teamId },
        body: { key: name, value, target: [target], type: 'encrypted' },
      });
      info(`Added ${out.bold(name)} to ${target} of ${project.name}.`);
    });

  env
    .command('rm <name> [target]')
    .description('Remove a variable from one target, or from all')
    .action(async (name: string, target: string | undefined, _options: unknown, command: Command) => {
      checkTarget(target);
      const session = await authedSession(command);
      const project = await requireLinkedProject(session);
      const matches = (await listEnv(session, project)).filter(
        (v) => v.key === name && (!target || v.target.includes(target)),
      );
      if (!matches.length)
        throw new CliError(
          `${name} is not set${target ? ` for ${target}` : ''} in ${project.name}. See \`nimbus env ls\`.`,
        );
      for (const v of matches) {
        const rest = target ? v.target.filter((t) => t !== target) : [];
        const query = { teamId: project.teamId };
        // A variable shared by several targets keeps the others.
        if (rest.length)
          await session.fetch(`/v9/projects/${project.projectId}/env/${v.id}`, {
            method: 'PATCH',
            query,
            body: { target: rest },
          });
        else await session.fetch(`/v9/projects/${project.projectId}/env/${v.id}`, { method: 'DELETE', query });
      }
      info(`Removed ${out.bold(name)}${target ? ` from ${target}` : ''} in ${project.name}.`);
    });

  env
    .command('pull [file]')
    .description('Write the variables of a target to a dotenv file (default .env.local)')
    .option('--environment <target>', 'production, preview or development', 'development')
    .action(async (file: string | undefined, options: { environment: string }, command: Command) => {
      checkTarget(options.environment);
      const session = await authedSession(command);
      const project = await requireLinkedProject(session);
      const envs = await listEnv(session, project, { target: options.environment, decrypt: 'true' });
      const hidden = envs.filter((v) => !v.decrypted).map((v) => v.key);
      const lines = envs.filter((v) => v.decrypted).map((v) => dotenvLine(v.key, v.value));
      const destination = path.resolve(file ?? '.env.local');
      await writeFile(
        destination,
        `# ${options.environment} variables of ${project.teamSlug}/${project.name}, written by \`nimbus env pull\`\n${lines.join('\n')}\n`,
        { mode: 0o600 },
      );
      info(
        `Wrote ${lines.length} variable${lines.length === 1 ? '' : 's'} to ${path.relative(process.cwd(), destination) || destination}.`,
      );
      if (hidden.length)
        info(`Left out ${hidden.join(', ')}: sensitive values cannot be read back, and your role may not read others.`);
    });
}
