// Commands on existing deployments: ls, inspect, logs, promote, rollback, rm. A deployment is named
// by its id (dpl_...) or its URL; commands act in the linked folder's team, else the current team.
import type { Command } from 'commander';
import { deploymentUrl } from './deploy';
import { CliError } from './errors';
import { streamLog } from './events';
import { readLink } from './link';
import { ago, info, out, print, printJson, printTable, stateLabel } from './output';
import { folderTeam } from './projects';
import { confirmDanger } from './prompt';
import { authedSession, type Session } from './session';
import type { DeploymentReply } from './upload';

interface Deployment extends DeploymentReply {
  projectId: string;
  createdAt: number;
  ready?: number;
  creator?: { uid: string; username: string };
}

/** `http://x.localhost:3000/path` → `x.localhost:3000`; ids pass through. */
const deploymentRef = (ref: string) => ref.replace(/^https?:\/\//, '').replace(/\/.*$/, '');

async function getDeployment(session: Session, ref: string, query: { teamId?: string }): Promise<Deployment> {
  return session.fetch<Deployment>(`/v13/deployments/${encodeURIComponent(deploymentRef(ref))}`, { query });
}

async function moveProduction(
  session: Session,
  mode: 'promote' | 'rollback',
  deployment: Deployment,
  query: { teamId?: string },
): Promise<void> {
  const path =
    mode === 'promote'
      ? `/v10/projects/${deployment.projectId}/promote/${deployment.id}`
      : `/v9/projects/${deployment.projectId}/rollback/${deployment.id}`;
  const moved = await session.fetch<{ alias: string }>(path, { method: 'POST', query });
  info(`${mode === 'promote' ? 'Promoted' : 'Rolled back to'} ${out.bold(deployment.id)}.`);
  print(deploymentUrl(deployment, moved.alias));
}

/**
 * The production deployment before the one serving now (which may be a promoted preview): find the
 * current one among the newest READY deployments, then the newest older production deployment.
 */
async function previousProduction(session: Session, query: { teamId?: string }): Promise<Deployment> {
  const link = await readLink(process.cwd());
  if (!link) throw new CliError('Name the deployment to roll back to, or run `nimbus rollback` in a linked folder.');
  const { deployments } = await session.fetch<{
    deployments: Array<{ uid: string; target: string | null; createdAt: number }>;
  }>('/v6/deployments', { query: { ...query, projectId: link.projectId, state: 'READY', limit: 100 } });
  for (const [index, item] of deployments.entries()) {
    if (!(await getDeployment(session, item.uid, query)).alias?.length) continue;
    const previous = deployments.slice(index + 1).find((d) => d.target === 'production');
    if (previous) return getDeployment(session, previous.uid, query);
    break;
  }
  throw new CliError('There is no earlier production deployment to roll back to.');
}

export function registerDeployments(program: Command): void {
  program
    .command('ls')
    .description('List recent deployments of the linked project (or of the current team)')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const session = await authedSession(command);
      const link = await readLink(process.cwd());
      const query = { ...(await folderTeam(session)), ...(link ? { projectId: link.projectId } : {}), limit: 20 };
      const { deployments } = await session.fetch<{ deployments: Array<Deployment & { uid: string; state: string }> }>(
        '/v6/deployments',
        { query },
      );
      if (options.json) return printJson(deployments);
      if (!deployments.length) return info('No deployments yet. Run `nimbus deploy`.');
      printTable(
        ['age', 'state', 'target', 'url', 'id'],
        deployments.map((d) => [
          ago(d.createdAt),
          stateLabel(d.state),
          d.target ?? 'preview',
          deploymentUrl(d, d.url),
          out.dim(d.uid),
        ]),
      );
    });

  program
    .command('inspect <deployment>')
    .description('Show one deployment: state, target, URLs, creator, times, error')
    .option('--json', 'print JSON')
    .action(async (ref: string, options: { json?: boolean }, command: Command) => {
      const session = await authedSession(command);
      const d = await getDeployment(session, ref, await folderTeam(session));
      if (options.json) return printJson(d);
      const rows: Array<[string, string]> = [
        ['id', d.id],
        ['name', d.name],
        ['state', stateLabel(d.readyState)],
        ['target', d.target ?? 'preview'],
        ['url', deploymentUrl(d, d.url)],
        ...(d.alias ?? []).map((host): [string, string] => ['alias', deploymentUrl(d, host)]),
        ['created', `${new Date(d.createdAt).toISOString()} (${ago(d.createdAt)})`],
        ...(d.ready ? [['ready', new Date(d.ready).toISOString()] as [string, string]] : []),
        ...(d.creator?.username ? [['creator', d.creator.username] as [string, string]] : []),
        ...(d.errorCode ? [['error', `${d.errorCode}: ${d.errorMessage ?? ''}`] as [string, string]] : []),
        ['inspect', d.inspectorUrl],
      ];
      for (const [label, value] of rows) print(`${out.dim(label.padEnd(8))} ${value}`);
    });

  program
    .command('logs <deployment>')
    .description('Print the build log; follows it while the deployment builds')
    .action(async (ref: string, _options: unknown, command: Command) => {
      const session = await authedSession(command);
      const query = await folderTeam(session);
      const d = await getDeployment(session, ref, query);
      await streamLog(session, d.id, query.teamId, (line) => print(line));
    });

  program
    .command('promote <deployment>')
    .description('Serve a ready deployment at the production host (no rebuild)')
    .action(async (ref: string, _options: unknown, command: Command) => {
      const session = await authedSession(command);
      const query = await folderTeam(session);
      await moveProduction(session, 'promote', await getDeployment(session, ref, query), query);
    });

  program
    .command('rollback [deployment]')
    .description('Point production at an earlier production deployment (default: the one before the current)')
    .action(async (ref: string | undefined, _options: unknown, command: Command) => {
      const session = await authedSession(command);
      const query = await folderTeam(session);
      const target = ref ? await getDeployment(session, ref, query) : await previousProduction(session, query);
      await moveProduction(session, 'rollback', target, query);
    });

  program
    .command('rm <deployment>')
    .description('Delete a deployment and its unique URL')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (ref: string, options: { yes?: boolean }, command: Command) => {
      const session = await authedSession(command);
      const query = await folderTeam(session);
      const d = await getDeployment(session, ref, query);
      await confirmDanger(`Delete deployment ${d.id} (${d.url})?`, options.yes);
      await session.fetch(`/v13/deployments/${d.id}`, { method: 'DELETE', query });
      info(`Deleted ${out.bold(d.id)}.`);
    });
}
