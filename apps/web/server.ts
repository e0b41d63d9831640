// The Nimbus front server: one Node process on PORT that dispatches every request (docs/architecture.md);
// with NIMBUS_PROCESSES > 1 on PostgreSQL, that many copies of it (server/cluster.ts).
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { classify, isEdgeHost, stripApiPrefix, type Target } from '@nimbus/api';
import { CLI_VERSION_HEADER, describeError, errorEnvelope, zonesManifest } from '@nimbus/core';
import { PATH_HEADER } from './lib/team-path';
import { type CliPackageOptions, createCliPackage } from './server/cli-package';
import { superviseCopies } from './server/cluster';
import { type Config, loadConfig } from './server/config';
import { createFastLane } from './server/fast-lane';
import { countQueriesOf } from './server/query-timing';
import { createRuntime } from './server/runtime';
import { redactDatabaseErrors } from './server/safe-console';
import { deployDomainWarning, securityHeaders } from './server/security';
import { addServerTiming } from './server/server-timing';
import { createSiteAnalytics } from './server/site-analytics';
import { createTlsAsk } from './server/tls-ask';
import { createRequestTracing, traceKindOf } from './server/tracing';

const webDir = path.dirname(fileURLToPath(import.meta.url));

/** `cli` changes what /cli/nimbus.tgz hands out (tests of `nimbus upgrade` serve a newer version). */
export async function startServer(
  config: Config = loadConfig(),
  options: { cli?: Omit<CliPackageOptions, 'publicUrl'> } = {},
) {
  redactDatabaseErrors();
  const runtime = await createRuntime(config);
  const apiListener = getRequestListener(runtime.api.fetch);
  const zonesJson = JSON.stringify(zonesManifest());
  const headers = securityHeaders(config.publicUrl);
  const tlsAsk = createTlsAsk({ publicUrl: config.publicUrl, edge: runtime.edge });
  const cliPackage = createCliPackage({ ...options.cli, publicUrl: config.publicUrl });
  const cliVersion = () => {
    try {
      return cliPackage.version();
    } catch {
      return null; // a server without apps/cli still answers; the CLI then never says it is outdated
    }
  };
  const warning = deployDomainWarning(config.publicUrl, config.deployDomain);
  const publicHost = new URL(config.publicUrl).hostname;
  const siteAnalytics = createSiteAnalytics({
    db: runtime.database.db,
    collector: runtime.analytics,
    projectId: config.siteAnalyticsProject,
  });
  if (warning) console.warn(warning);

  let nextHandler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | null = null;
  if (config.roles.has('web')) {
    const { default: next } = await import('next');
    const app = next({ dev: config.dev, dir: webDir, hostname: 'localhost', port: config.port });
    await app.prepare();
    nextHandler = app.getRequestHandler();
  }

  const tracing = createRequestTracing({
    db: runtime.database.db,
    enabled: config.tracing,
    recordError: runtime.recordServerError,
  });

  const handle = (req: IncomingMessage, res: ServerResponse, target: Target) => {
    const url = req.url ?? '/';
    // Deployment hosts serve the user's own content with the user's own headers; Caddy's ask needs none.
    if (target !== 'edge' && target !== 'tls-ask') for (const [name, value] of headers) res.setHeader(name, value);
    // Nimbus's own pages report to the site's project (server/site-analytics.ts).
    if (target !== 'edge' && target !== 'tls-ask' && siteAnalytics.handle(req, res)) return;
    switch (target) {
      case 'tls-ask':
        return tlsAsk(req, res);
      case 'api': {
        if (!config.roles.has('api')) return notServed(res, 'api');
        req.url = stripApiPrefix(url);
        // The CLI compares it with its own version and says once when a newer one is here.
        const version = cliVersion();
        if (version) res.setHeader(CLI_VERSION_HEADER, version);
        return apiListener(req, res);
      }
      case 'cli':
        return void cliPackage.handle(req, res);
      case 'zones':
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' });
        return res.end(zonesJson);
      case 'invalid':
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('Bad request: the address contains a NUL character (%00). Remove it and try again.\n');
      case 'edge':
        if (!runtime.edge) return notServed(res, 'edge');
        return runtime.edge.handle(req, res);
      default:
        if (!nextHandler) return notServed(res, 'web');
        req.headers[PATH_HEADER] = url; // old personal URLs keep their path when redirected (lib/team-path.ts)
        addServerTiming(res);
        return void nextHandler(req, res);
    }
  };
  const http = createServer((req, res) => {
    const target = classify(req.headers.host, req.url ?? '/', config.deployDomain, req, publicHost);
    const run = () => handle(req, res, target);
    return tracing.run(req, res, traceKindOf(target, req.headers), () =>
      config.countQueries ? countQueriesOf(res, run) : run(),
    );
  });
  // Warm static answers at deployment hosts skip node:http (server/fast-lane.ts); counting queries
  // (a development aid) wants every request on the full path.
  const { edge } = runtime;
  const lane = createFastLane({
    http,
    isEdgeHost: (host) => !config.countQueries && isEdgeHost(host, config.deployDomain, publicHost),
    answer: (request, socket) => edge?.memoryAnswer(request.host, request.url, request.acceptEncoding, socket) ?? null,
  });
  const { server } = lane;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(
          Object.assign(
            new Error(
              `Port ${config.port} is already in use on ${config.host}: stop what listens there, or set PORT to another port.`,
            ),
            { code: error.code },
          ),
        );
      else reject(error);
    });
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Nimbus is running at ${config.publicUrl} (port ${port}, ${runtime.database.kind}, roles ${[...config.roles].join(',')})`,
  );

  const close = async () => {
    await lane.close();
    await tracing.close();
    await runtime.close();
  };
  return { server, port, runtime, fastLane: lane, close };
}

function notServed(res: ServerResponse, role: string) {
  res.writeHead(421, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      errorEnvelope(
        'role_not_served',
        `This Nimbus process does not run the ${role} role. Route this request to one that does.`,
      ),
    ),
  );
}

/** `--role web,api` and `--processes N` on the command line override NIMBUS_ROLE and NIMBUS_PROCESSES. */
export function envFromArgs(argv: string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const result = { ...env };
  for (const [flag, name] of [
    ['--role', 'NIMBUS_ROLE'],
    ['--processes', 'NIMBUS_PROCESSES'],
  ] as const) {
    const i = argv.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
    if (i >= 0) result[name] = argv[i]!.includes('=') ? argv[i]!.slice(flag.length + 1) : argv[i + 1];
  }
  return result;
}

async function main() {
  const env = envFromArgs(process.argv.slice(2), process.env);
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (cluster.isPrimary && config.processes > 1) {
    // Resolve the generated secret once, before the copies race to create it.
    config.secret();
    Object.assign(process.env, env);
    return superviseCopies(config.processes);
  }
  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    started = await startServer(config);
  } catch (error) {
    // A failed migration or query at start is printed without its parameters (describeError).
    console.error(
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? (error as Error).message : describeError(error),
    );
    process.exit(1);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void started.close().then(() => process.exit(0)));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
