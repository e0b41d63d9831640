// A deployment's build log and files. The log is an async iterator of ready-to-send events: NDJSON
// lines for Vercel's clients (follow keeps it open until the build ends) or server-sent events for
// the dashboard (resuming after Last-Event-ID). The routes only write what the iterator yields.
import * as db from '@nimbus/db';
import { eventLine, followLog } from '../log-follow';
import { authorize } from './access';
import { engineOf, type ServiceContext } from './context';

export interface NdjsonOptions {
  follow: boolean;
  /** Only lines written after this millisecond timestamp. */
  since?: number;
  /** At most this many lines (without follow). */
  limit?: number;
  signal: AbortSignal;
}

async function deploymentOf(ctx: ServiceContext, idOrUrl: string) {
  const scope = await authorize(ctx, 'deployment:read');
  return db.findDeployment(ctx.db, scope.teamId, idOrUrl, ctx.options.deployDomain);
}

/** Checks access first (so a bad id is a 404, not an empty stream), then yields NDJSON objects. */
export async function ndjson(ctx: ServiceContext, idOrUrl: string, opts: NdjsonOptions) {
  const { id } = await deploymentOf(ctx, idOrUrl);
  return (async function* () {
    let sent = 0;
    for await (const event of followLog(ctx.db, id, opts)) {
      if (event.kind === 'state') {
        const now = Date.now();
        yield {
          type: 'deployment-state',
          event: 'state',
          created: now,
          date: now,
          deploymentId: id,
          payload: { value: event.state },
        };
      } else if (!opts.since || event.line.createdAt.getTime() > opts.since) {
        yield eventLine(event.line, id);
        if (opts.limit && ++sent >= opts.limit && !opts.follow) return;
      }
    }
  })();
}

export interface ServerSentEvent {
  event: 'log' | 'state';
  id?: string;
  data: string;
}

/** The log as server-sent events until the build ends; `afterId` resumes a dropped connection. */
export async function sse(ctx: ServiceContext, idOrUrl: string, opts: { afterId: number; signal: AbortSignal }) {
  const { id } = await deploymentOf(ctx, idOrUrl);
  return (async function* (): AsyncGenerator<ServerSentEvent> {
    for await (const event of followLog(ctx.db, id, { ...opts, follow: true })) {
      if (event.kind === 'state') yield { event: 'state', data: JSON.stringify({ value: event.state }) };
      else yield { event: 'log', id: String(event.line.id), data: JSON.stringify(eventLine(event.line, id)) };
    }
  })();
}

/** The served (output) or uploaded (source) files as nested folders. */
export async function fileTree(ctx: ServiceContext, input: { deploymentId: string; kind: 'output' | 'source' }) {
  const { id } = await deploymentOf(ctx, input.deploymentId);
  return db.toTree(input.kind === 'source' ? await db.listSourceFiles(ctx.db, id) : await db.listOutputs(ctx.db, id));
}

/** The log so far as one JSON list (GET /v3/deployments/{id}/events without follow, as @vercel/sdk reads it). */
export async function logList(ctx: ServiceContext, idOrUrl: string, opts: Omit<NdjsonOptions, 'follow' | 'signal'>) {
  const lines = [];
  for await (const line of await ndjson(ctx, idOrUrl, { ...opts, follow: false, signal: AbortSignal.timeout(30_000) }))
    if (line.type !== 'deployment-state') lines.push(line);
  return lines;
}

const DIRECTORY_MODE = 0o40755;
interface SourceNode {
  name: string;
  type: 'directory' | 'file';
  uid?: string;
  size?: number;
  mode: number;
  children?: SourceNode[];
}
const withModes = (nodes: db.TreeNode[]): SourceNode[] =>
  nodes.map(({ children, ...n }) => ({
    ...n,
    mode: n.mode ?? DIRECTORY_MODE,
    ...(children ? { children: withModes(children) } : {}),
  }));

/** The uploaded files as Vercel's file tree (GET /v6/deployments/{id}/files): `uid` names a file's content. */
export async function sourceTree(ctx: ServiceContext, idOrUrl: string) {
  const { id } = await deploymentOf(ctx, idOrUrl);
  return withModes(db.toTree(await db.listSourceFiles(ctx.db, id)));
}

/** One uploaded file by its `uid` (GET /v8/deployments/{id}/files/{fileId}), base64 in JSON as Vercel answers. */
export async function sourceFile(ctx: ServiceContext, idOrUrl: string, fileId: string) {
  const { id } = await deploymentOf(ctx, idOrUrl);
  const file = (await db.listSourceFiles(ctx.db, id)).find((f) => f.sha === fileId);
  if (!file) throw db.notFound(`The file "${fileId}" of deployment "${idOrUrl}"`);
  return { data: (await engineOf(ctx).store.get(file.sha)).toString('base64') };
}
