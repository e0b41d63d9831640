// The composition root: opens the database once and builds the API on it. Next.js server code
// reaches the same instances through `globalThis`, so a PGlite directory is never opened twice.
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Api, type ApiOptions, budgets, createApi, deliverMail, type FunctionLimits } from '@nimbus/api';
import { ANALYTICS_RETENTION_DAYS, AUDIT_LOG_RETENTION_DAYS, describeError } from '@nimbus/core';
import {
  cronTargets,
  type Database,
  envForTarget,
  openDatabase,
  startAuditRetention,
  startWebAnalyticsRollup,
} from '@nimbus/db';
import {
  type Collector,
  CRON_PASS_HEADER,
  checkSandbox,
  createCollector,
  createDomainChecker,
  createEdge,
  createEngine,
  createFunctionPool,
  createHookDispatcher,
  createMeter,
  createStore,
  type Edge,
  type Engine,
  type FunctionPoolOptions,
  logMeterError,
  type Meter,
  RuntimeLogWriter,
  reportFunctionsTo,
  setToolchainRoot,
  startCronScheduler,
  startDomainRecheck,
  startRuntimeLogRetention,
  startWorker,
  type Worker,
} from '@nimbus/engine';
import type { Config } from './config';
import { makePrivate } from './security';
import { type ServerErrorEntry, serverErrorRecorder } from './tracing';

export interface Runtime {
  config: Config;
  database: Database;
  engine: Engine;
  /** The build worker, when this process runs the worker role. */
  worker: Worker | null;
  /** The deployment file server, when this process runs the edge role. */
  edge: Edge | null;
  /** Web Analytics collection (deployment hosts and Nimbus's own site), when this process serves pages. */
  analytics: Collector | null;
  /** Where the function runners report requests and printed lines (runtime logs). */
  runtimeLogs: RuntimeLogWriter;
  /** This process's usage counters, written in batches (packages/engine/src/usage/meter.ts). */
  meter: Meter;
  api: Api;
  /** What the API was built with; the dashboard builds its service contexts from the same (apps/web/lib/data.ts). */
  apiOptions: ApiOptions;
  /** Records an exception of the API or the front server in `server_errors` (server/tracing.ts). */
  recordServerError: (entry: ServerErrorEntry) => Promise<void>;
  close(): Promise<void>;
}

declare global {
  // eslint-disable-next-line no-var
  var __nimbusRuntime: Runtime | undefined;
}

export async function createRuntime(config: Config): Promise<Runtime> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    poolSize: config.dbPoolSize,
    countQueries: config.countQueries,
  });
  // After the open, so the files PGlite has just created are covered too.
  makePrivate(config.dataDir);
  const store = createStore({ localDir: path.join(config.dataDir, 'files'), s3: config.s3 });
  const engine = createEngine({
    store,
    secret: config.secret(),
    maxFileSize: config.maxFileSize,
    maxDeploymentSize: config.maxDeploymentSize,
  });
  const runtimeLogs = new RuntimeLogWriter({
    db: database.db,
    events: engine.events,
    onError: (error) => console.error(`runtime logs: a write failed, rows stay buffered: ${describeError(error)}`),
  });
  // Usage counters of every role in this process, written every NIMBUS_USAGE_FLUSH_INTERVAL; after
  // each write the teams it touched are checked against their plan and budget (services/budgets.ts).
  let apiOptionsRef: ApiOptions | null = null;
  const meter = createMeter({
    db: database.db,
    enabled: config.usage.metering,
    flushMs: config.usage.flushMs,
    onError: logMeterError,
    onFlush: (teamIds) => (apiOptionsRef ? budgets.checkTeams(apiOptionsRef, teamIds) : undefined),
  });
  // One collection queue per process, for the edge's hosts and the site's own pages alike.
  const analytics =
    config.roles.has('edge') || config.roles.has('web')
      ? createCollector({
          db: database.db,
          countryHeader: config.countryHeader,
          trustProxy: config.trustProxy,
          meter,
          limits: { perDeployment: config.analyticsDeploymentLimit },
        })
      : null;
  // Functions run in the sandbox like builds: a machine that cannot isolate refuses them too.
  const pool = config.roles.has('edge')
    ? createFunctionPool(functionPoolOptions(config, () => edge, runtimeLogs, meter))
    : null;
  const edge: Edge | null = config.roles.has('edge')
    ? createEdge({
        db: database.db,
        store,
        deployDomain: config.deployDomain,
        events: engine.events,
        databaseUrl: config.databaseUrl,
        protection: { tokens: engine.protectionTokens, publicUrl: config.publicUrl },
        analytics: analytics ?? undefined,
        meter,
        functions: pool
          ? { pool, cipher: engine.cipher, dir: config.functions.dir ?? path.join(tmpdir(), 'nimbus-functions') }
          : undefined,
      })
    : null;
  if (config.build.toolchainDir) setToolchainRoot(config.build.toolchainDir);
  // Builds are refused (or run unisolated when NIMBUS_BUILD_SANDBOX=off) when this machine cannot isolate them.
  if (config.roles.has('worker')) await checkSandbox(config.build.sandbox);
  const worker = config.roles.has('worker')
    ? await startWorker({
        db: database.db,
        engine,
        deployDomain: config.deployDomain,
        concurrency: config.build.concurrency,
        teamLimits: config.build.teamLimits,
        timeoutMs: config.build.timeoutMs,
        buildRoot: config.build.dir,
        cacheRoot: config.build.cacheDir,
        sandbox: config.build.sandbox,
        functionMemory: {
          defaultMb: functionLimits(config).defaultMemoryMb,
          maxMb: functionLimits(config).memoryMaxMb,
        },
        recoverAllOnStart: database.kind === 'pglite',
        meter,
      })
    : null;
  // Retention is one DELETE per sweep, run by the processes that run builds.
  const stopRetention = config.roles.has('worker') ? startRuntimeLogRetention({ db: database.db }) : () => {};
  // The audit log's retention by plan: hourly, by the processes that serve the API.
  const stopAuditRetention =
    config.roles.has('api') || config.roles.has('web')
      ? startAuditRetention({ db: database.db, retentionDays: AUDIT_LOG_RETENTION_DAYS })
      : () => {};
  // Web Analytics: finished UTC days rolled up and rows past plan retention pruned, hourly, by the
  // processes that run builds (each step is idempotent).
  const stopWebRollup = config.roles.has('worker')
    ? startWebAnalyticsRollup({
        db: database.db,
        retentionDays: ANALYTICS_RETENTION_DAYS,
        onError: (error) => console.error(`web analytics: a rollup failed: ${describeError(error)}`),
      })
    : () => {};
  // Custom domains are rechecked in the background by the processes that run builds.
  const dns = {
    servers: config.domains.servers,
    edgeIPv4: config.domains.edgeIPv4,
    edgeIPv6: config.domains.edgeIPv6,
    cnameTarget: config.domains.cnameTarget,
  };
  const stopRecheck = config.roles.has('worker')
    ? startDomainRecheck({
        db: database.db,
        checker: createDomainChecker(dns),
        everyMs: config.domains.recheckMs,
        onHosts: (hosts) => {
          for (const host of hosts) engine.events.emit('alias', host);
        },
        onError: (error) => console.error(`domains: a DNS recheck failed: ${describeError(error)}`),
      })
    : () => {};
  // Crons of production deployments run where functions run: through this process's own edge.
  const crons = edge
    ? startCronScheduler({
        db: database.db,
        targets: () => cronTargets(database.db),
        call: (host, urlPath, headers) => {
          // Deployment protection lets the scheduler's own calls through with a pass signed for the host.
          const hostname = `${host}.${config.deployDomain}`;
          const pass = engine.protectionTokens.sign({ k: 'cron', p: '', h: hostname }, 60_000);
          return callOwnEdge(config, hostname, urlPath, { ...headers, [CRON_PASS_HEADER]: pass });
        },
        secretOf: async (projectId) =>
          (await envForTarget(database.db, engine.cipher, projectId, 'production')).CRON_SECRET,
      })
    : null;
  // Webhooks, log drains and notifications go out from the processes that run builds.
  const stopHooks = config.roles.has('worker')
    ? createHookDispatcher({
        db: database.db,
        cipher: engine.cipher,
        publicUrl: config.publicUrl,
        deployDomain: config.deployDomain,
        sendMail: (id) => deliverMail(database.db, apiOptions, id),
        allowPrivateAddresses: config.hooksPrivateAddresses,
        onError: (error) => console.error(`hooks: a delivery pass failed: ${describeError(error)}`),
      }).start()
    : () => {};
  const recordServerError = serverErrorRecorder(database.db);
  const apiOptions: ApiOptions = {
    engine,
    db: database.db,
    publicUrl: config.publicUrl,
    deployDomain: config.deployDomain,
    allowPrivateHookAddresses: config.hooksPrivateAddresses,
    staffTeam: config.staffTeam,
    staffEmailDomain: config.staffEmailDomain,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    trustProxy: config.trustProxy,
    environment: config.environment,
    marketFitUrl: config.marketFitUrl,
    signupLimitPerHour: config.signupLimitPerHour,
    ssoMaxAgeMs: config.ssoMaxAgeMs,
    stripe: config.stripe,
    consentBanner: config.consentBanner,
    countryHeader: config.countryHeader,
    teamBuildLimits: config.build.teamLimits,
    buildSandbox: config.build.sandbox.mode,
    functionLimits: functionLimits(config),
    dns,
    caddyDataDir: config.tls.caddyDataDir,
    gitDir: config.gitDir,
    recordServerError,
  };
  apiOptionsRef = apiOptions;
  const api = createApi(apiOptions);
  const close = async () => {
    await worker?.stop();
    await edge?.close();
    await analytics?.close();
    stopRetention();
    stopAuditRetention();
    stopWebRollup();
    stopRecheck();
    stopHooks();
    crons?.stop();
    await pool?.close();
    await runtimeLogs.close();
    // After everything that counts: the last counters are written before the database closes.
    await meter.close();
    await database.close();
  };
  const runtime: Runtime = {
    config,
    database,
    engine,
    worker,
    edge,
    analytics,
    runtimeLogs,
    meter,
    api,
    apiOptions,
    recordServerError,
    close,
  };
  globalThis.__nimbusRuntime = runtime;
  return runtime;
}

/** The runner pool of the edge role: limits from the configuration, every request and line to the runtime log. */
function functionPoolOptions(
  config: Config,
  edge: () => Edge | null,
  logs: RuntimeLogWriter,
  meter: Meter,
): FunctionPoolOptions {
  return {
    network: config.functions.network,
    isolate: config.build.sandbox.mode === 'on',
    uidBase: config.build.sandbox.uidBase,
    ...functionLimits(config),
    tmpMb: Math.round(config.functions.tmpSize / 1024 / 1024),
    idleMs: config.functions.idleMs,
    ...reportFunctionsTo(logs, (key) => edge()?.functionOwner(key), meter),
  };
}

/**
 * What a function gets when its `.vc-config.json` names no memory or maxDuration, and the most memory
 * it may ask for: the pool applies it, the API shows it.
 */
function functionLimits(config: Config): FunctionLimits {
  return {
    defaultMemoryMb: Math.round(config.functions.memory / 1024 / 1024),
    memoryMaxMb: Math.round(config.functions.memoryMax / 1024 / 1024),
    defaultMaxDuration: Math.min(60, config.functions.maxDurationMs / 1000),
    maxDurationCap: config.functions.maxDurationMs / 1000,
  };
}

/** A GET through this server's own port, as a visitor of `host` would send it; resolves to the status. */
function callOwnEdge(config: Config, host: string, urlPath: string, headers: Record<string, string>): Promise<number> {
  const address = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return new Promise((resolve, reject) => {
    const req = request({ host: address, port: config.port, path: urlPath, headers: { ...headers, host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
