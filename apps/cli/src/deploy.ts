// `nimbus deploy [dir]`: link the folder (first time), hash and send its files, upload what the
// server lacks, stream the build log, print the URLs, and exit 1 when the build fails.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '@nimbus/client';
import type { Command } from 'commander';
import { CliError } from './errors';
import { streamLog, waitForFinalState } from './events';
import { collectFiles } from './files';
import { linkedProject, linkFolder } from './link';
import { err, info, printResults } from './output';
import { authedSession } from './session';
import { createDeployment, type DeploymentReply } from './upload';

interface DeployOptions {
  prod?: boolean;
  yes?: boolean;
  name?: string;
  scope?: string;
}

async function folder(dir: string | undefined): Promise<string> {
  const resolved = path.resolve(dir ?? '.');
  const stats = await stat(resolved).catch(() => null);
  if (!stats?.isDirectory())
    throw new CliError(`${resolved} is not a folder. Pass the folder to deploy, or run the command inside it.`);
  return resolved;
}

/** `http://host:port` in the scheme the server's own URLs use. */
export function deploymentUrl(deployment: Pick<DeploymentReply, 'inspectorUrl'>, host: string): string {
  return `${new URL(deployment.inspectorUrl).protocol}//${host}`;
}

function report(deployment: DeploymentReply): void {
  if (deployment.readyState !== 'READY') {
    const reason =
      deployment.errorMessage ??
      (deployment.readyState === 'CANCELED' ? 'The deployment was canceled.' : 'The build failed.');
    info(`${err.bold('Inspect')}  ${deployment.inspectorUrl}`);
    throw new CliError(`${deployment.readyState === 'CANCELED' ? 'Canceled' : 'Build failed'}: ${reason}`);
  }
  const ready = deploymentUrl(deployment, deployment.url);
  const results: Array<[string, string]> = [['Ready', ready]];
  const production = deployment.target === 'production' ? deployment.alias?.[0] : undefined;
  if (production) results.push(['Production', deploymentUrl(deployment, production)]);
  results.push(['Inspect', deployment.inspectorUrl]);
  printResults(results, ready);
}

export function registerDeploy(program: Command): void {
  program
    .command('deploy [dir]')
    .description('Deploy a folder (default: the current one) and stream its build')
    .option('--prod', 'create a production deployment')
    .option('-y, --yes', 'answer every question with its default (non-interactive use)')
    .option('--name <name>', 'project name when linking the folder the first time (default: the folder name)')
    .option(
      '--scope <team>',
      'team slug to deploy to when linking the folder the first time (default: the current team)',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  nimbus deploy\n  nimbus deploy ./site --prod\n  nimbus deploy --scope my-team\n  NIMBUS_TOKEN=nmb_... nimbus deploy --prod --yes',
    )
    .action(async (dir: string | undefined, options: DeployOptions, command: Command) => {
      const session = await authedSession(command);
      const root = await folder(dir);
      const linked = await linkedProject(session, root);
      if (linked && options.scope && linked.teamSlug !== options.scope && linked.teamId !== options.scope)
        throw new CliError(
          `This folder is linked to ${linked.teamSlug}/${linked.name}, not to team ${options.scope}. Delete its .nimbus folder to link it anew.`,
        );
      const project = linked ?? (await linkFolder(session, root, options));
      info(`Linked to ${err.bold(`${project.teamSlug}/${project.name}`)}`);
      const files = await collectFiles(root);
      if (!files.length) throw new CliError(`${root} has no files to deploy.`);
      const created = await createDeployment(session, {
        teamId: project.teamId,
        projectId: project.projectId,
        name: project.name,
        production: Boolean(options.prod),
        files,
      });
      info(err.dim(`Building ${created.id}...`));
      await streamLog(session, created.id, project.teamId, (line, stderr) =>
        info(stderr ? err.yellow(line) : err.dim(line)),
      ).catch((error: unknown) => {
        // A proxy may cut a long-lived stream; the build goes on, so wait for its result instead.
        if (!(error instanceof ApiError && error.code === 'network_error')) throw error;
        info(err.dim('The build log stream was interrupted; waiting for the build to finish...'));
      });
      report(await waitForFinalState(session, created.id, project.teamId));
    });
}
