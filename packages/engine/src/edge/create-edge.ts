// The edge: serves READY deployments at their hosts straight from the file store, never through
// Next.js (docs/architecture.md). Plain node:http, and every per-request decision is cached: host →
// deployment (hosts.ts), deployment → files and rules (manifests.ts), URL → plan (plan.ts),
// blob → bytes (bodies.ts). A warm request is answered synchronously with prebuilt headers.

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { describeError } from '@nimbus/core';
import { type Cipher, type Db, listenForAliasMoves, type ServedDeployment } from '@nimbus/db';
import { type Collector, createCollector } from '../analytics/collector';
import type { FunctionPool } from '../functions/pool';
import { createProtectionTokens, type ProtectionTokens } from '../protection-tokens';
import type { FileStore } from '../store/types';
import type { EdgeCounter, Meter } from '../usage/meter';
import { type BodyLimits, createBodyCache, DEFAULT_BODY_LIMITS } from './bodies';
import { type BuildOutputServer, createBuildOutputServer } from './build-output/serve';
import { conditionKey, requestFacts } from './facts';
import { createHostCache, type HostTarget } from './hosts';
import { createManifestCache, type Manifest } from './manifests';
import { type Plan, planFor } from './plan';
import { createProtectionGate } from './protection';
import { pages, redirectTo, sendStatic } from './responses';
import type { RequestFacts } from './rules';
import { type MemoryAnswer, memoryAnswerOf, sendPlan } from './send';

export type { MemoryAnswer } from './send';

type AliasEvents = {
  on(event: 'alias' | 'protection' | 'analytics', listener: (key: string) => void): unknown;
  off(event: 'alias' | 'protection' | 'analytics', listener: (key: string) => void): unknown;
};

export interface EdgeOptions {
  db: Db;
  store: FileStore;
  /** Deployments are served at `<label>.<deployDomain>`. */
  deployDomain: string;
  /**
   * The engine's event bus: `events.emit('alias', hostLabel)` evicts that host,
   * `events.emit('protection', projectId)` that project's deployment protection,
   * `events.emit('analytics', projectId)` that project's Web Analytics and Speed Insights switches.
   */
  events: AliasEvents;
  /** With PostgreSQL: alias moves made by other processes arrive by LISTEN nimbus_alias. */
  databaseUrl?: string;
  limits?: Partial<BodyLimits>;
  /**
   * Runs the functions of Build Output deployments: the sandboxed runner pool, where functions are
   * written out for it, and the cipher of the variables they get. Without it such deployments
   * answer 503.
   */
  functions?: { pool: FunctionPool; dir: string; cipher: Cipher };
  /**
   * Deployment protection: the signer the API's login hand-off uses (the engine's), and the
   * dashboard's origin visitors are sent to log in at. Without it protected deployments still
   * refuse strangers, but no hand-off can let anyone in.
   */
  protection?: { tokens: ProtectionTokens; publicUrl: string };
  /**
   * Web Analytics collection (the insights scripts and endpoints of every deployment host). Without
   * it the edge makes its own, with no country header and no trusted proxy, and closes it itself.
   */
  analytics?: Collector;
  /**
   * Usage metering: every request to a deployment host counts one edge request and the bytes it
   * sent (headers included) for the deployment's project. Without it (or with NIMBUS_USAGE_METERING=off) nothing is counted.
   */
  meter?: Meter;
}

export interface Edge {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * The answer to a plain GET or HEAD (no conditional, range or protection headers: the fast lane
   * checks those) when everything it needs is already in memory: a warm host, a READY deployment
   * anyone may see, the URL's cached plan (a static deployment's, or the static file a Build Output
   * deployment's URL-only routes sent it to before) and its body. Null sends the request the full way (handle),
   * which also warms what was cold. Counts the request for usage exactly as handle does.
   */
  memoryAnswer(
    hostHeader: string,
    url: string,
    acceptEncoding: string | undefined,
    socket: Socket,
  ): MemoryAnswer | null;
  /**
   * Whether this edge serves a deployment (any state) or a domain redirect at `hostname`: the same cached answer a request
   * to that host gets, synchronous when warm. Caddy's TLS `ask` endpoint asks it (apps/web/server/tls-ask.ts).
   */
  serves(hostname: string): boolean | Promise<boolean>;
  /** Who a function runner's pool key belongs to (for runtime logs), when this edge runs functions. */
  functionOwner(key: string): ReturnType<BuildOutputServer['ownerOf']>;
  /** Resolves once cross-process invalidation is live (at once without databaseUrl). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Per connection: whose answer its socket is writing and how many bytes it had written before. */
interface SocketMark {
  /** The counter of the deployment's project; null while the connection asks for no deployment. */
  counter: EdgeCounter | null;
  id: string;
  at: number;
}
const SOCKET_MARK = Symbol('nimbus.usage');

/** A deployment, or a verified project domain that redirects: both need a certificate. */
const hasDeployment = (target: HostTarget) => target.deployment !== null || target.redirect !== null;

export function createEdge(options: EdgeOptions): Edge {
  const { store } = options;
  const hosts = createHostCache(options.db, options.deployDomain);
  const manifests = createManifestCache(options.db);
  const bodies = createBodyCache(store, { ...DEFAULT_BODY_LIMITS, ...options.limits });
  const protection = createProtectionGate({
    db: options.db,
    tokens: options.protection?.tokens ?? createProtectionTokens(randomBytes(32).toString('hex')),
    publicUrl: options.protection?.publicUrl ?? 'http://localhost:3000',
  });
  const collector = options.analytics ?? createCollector({ db: options.db });
  const onAlias = (host: string) => hosts.invalidate(host);
  const onProtection = (projectId: string) => protection.invalidate(projectId);
  options.events.on('alias', onAlias);
  options.events.on('analytics', onAlias);
  options.events.on('protection', onProtection);
  // A dropped listener empties the host cache (null); protection follows it, to be safe.
  const listener = options.databaseUrl
    ? listenForAliasMoves(options.databaseUrl, (key) => {
        hosts.invalidate(key);
        if (key === null) protection.invalidate(null);
      })
    : null;

  const fail = (res: ServerResponse, err: unknown) => {
    console.error(`[edge] could not serve a request: ${describeError(err)}`);
    if (res.headersSent) res.destroy();
    else sendStatic(res, pages.unavailable);
  };
  const buildOutput = options.functions
    ? createBuildOutputServer({
        db: options.db,
        store,
        cipher: options.functions.cipher,
        bodies,
        pool: options.functions.pool,
        functionsDir: options.functions.dir,
        deployDomain: options.deployDomain,
        fail,
        meter: options.meter,
      })
    : null;

  const meter = options.meter?.enabled ? options.meter : null;
  // Connections with a mark: before each meter write, what they sent so far is counted, so a
  // long-lived keep-alive connection is not counted only when it closes.
  const marked = new Set<Socket & { [SOCKET_MARK]?: SocketMark }>();
  const stopSettling = meter?.beforeWrite(() => {
    for (const socket of marked) {
      const mark = socket[SOCKET_MARK];
      if (!mark?.counter) continue;
      const written = socket.bytesWritten;
      mark.counter.bytes += written - mark.at;
      mark.at = written;
    }
  });

  /**
   * Counts the request, and the bytes its connection sends (headers included). A connection keeps
   * the counter of the project it serves and adds to it directly; what its socket wrote is read only
   * when the connection moves to another host, before each meter write, or when it closes (HTTP/1.1 answers one request at a time, so
   * bytes written between two requests are the first one's). No listener or lookup per request.
   */
  function metered(deployment: ServedDeployment | null, connection: Socket, m: Meter): void {
    const socket = connection as Socket & { [SOCKET_MARK]?: SocketMark };
    let mark = socket[SOCKET_MARK];
    if (mark === undefined) {
      if (deployment === null) return;
      const fresh: SocketMark = {
        counter: m.counter(deployment.teamId, deployment.projectId),
        id: deployment.id,
        at: socket.bytesWritten,
      };
      socket[SOCKET_MARK] = mark = fresh;
      marked.add(socket);
      socket.once('close', () => {
        marked.delete(socket);
        if (fresh.counter) fresh.counter.bytes += socket.bytesWritten - fresh.at;
      });
    } else if (mark.id !== (deployment?.id ?? '')) {
      const written = socket.bytesWritten;
      if (mark.counter) mark.counter.bytes += written - mark.at;
      mark.counter = deployment ? m.counter(deployment.teamId, deployment.projectId) : null;
      mark.id = deployment?.id ?? '';
      mark.at = written;
    }
    if (mark.counter) mark.counter.requests++;
  }

  function serve(target: HostTarget, req: IncomingMessage, res: ServerResponse): void {
    const deployment = target.deployment;
    if (meter) metered(deployment, req.socket, meter);
    if (target.redirect) return redirectTo(target.redirect, req, res);
    if (!deployment) return sendStatic(res, pages.unknownHost);
    // A frozen account serves nothing; a paused production serves its notice while previews keep working.
    if (target.team?.frozen) return sendStatic(res, pages.frozen);
    if (target.team?.paused && deployment.target === 'production') return sendStatic(res, pages.paused);
    if (deployment.state !== 'READY') {
      return sendStatic(
        res,
        deployment.state === 'ERROR' ? pages.failed : deployment.state === 'CANCELED' ? pages.canceled : pages.building,
      );
    }
    // Deployment protection comes before any file or function; unprotected projects pass synchronously.
    const allowed = protection.check(target, req, res);
    if (allowed === true) serveReady(target, deployment, req, res);
    else if (allowed !== false)
      allowed.then(
        (ok) => ok && serveReady(target, deployment, req, res),
        (err: unknown) => fail(res, err),
      );
  }

  function serveReady(target: HostTarget, deployment: ServedDeployment, req: IncomingMessage, res: ServerResponse) {
    // The insights scripts and endpoints, when the project has them on; otherwise the deployment's own paths.
    if (target.analytics && collector.claims(req.url ?? '/')) {
      const site = {
        projectId: deployment.projectId,
        teamId: deployment.teamId,
        deploymentId: deployment.id,
        ...target.analytics,
      };
      if (collector.handle(req, res, site)) return;
    }
    if (deployment.buildOutput) {
      if (buildOutput) return buildOutput.handle(deployment, req, res);
      return sendStatic(res, pages.noFunctions);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendStatic(res, pages.methodNotAllowed);
    const manifest = manifests.get(deployment);
    if (manifest instanceof Promise)
      manifest.then(
        (m) => respond(m, req, res),
        (err: unknown) => fail(res, err),
      );
    else respond(manifest, req, res);
  }

  /** The cached plan of `url` in a manifest without conditional rules (those plans also depend on the request). */
  function planOf(manifest: Manifest, url: string, key = url, facts?: RequestFacts): Plan {
    let plan = manifest.plans.get(key);
    if (!plan) {
      plan = planFor(url, manifest.files, manifest.rules, bodies.limits.maxFileBytes, facts);
      manifest.plans.set(key, plan);
    }
    return plan;
  }

  function memoryAnswer(hostHeader: string, url: string, acceptEncoding: string | undefined, socket: Socket) {
    const target = hosts.get(hostHeader);
    if (target instanceof Promise || target.redirect) return null;
    const deployment = target.deployment;
    if (deployment?.state !== 'READY' || target.team?.frozen) return null;
    if (target.team?.paused && deployment.target === 'production') return null;
    if (target.analytics && collector.claims(url)) return null;
    if (!protection.isOpen(deployment.projectId)) return null;
    const plan = deployment.buildOutput
      ? (buildOutput?.knownPlan(deployment, url) ?? null)
      : classicPlan(deployment, url);
    if (!plan) return null;
    const answer = memoryAnswerOf(plan, acceptEncoding, bodies);
    if (answer && meter) metered(deployment, socket, meter);
    return answer;
  }

  /** A static deployment's plan of `url`, when its manifest is loaded and has no conditional rules. */
  function classicPlan(deployment: ServedDeployment, url: string): Plan | null {
    const manifest = manifests.get(deployment);
    if (manifest instanceof Promise || manifest.rules.conditional.length) return null;
    return planOf(manifest, url);
  }

  function respond(manifest: Manifest, req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    // Rules with has/missing make the answer depend on the request: those plans are kept per URL
    // and per set of conditions that hold.
    const facts = manifest.rules.conditional.length ? requestFacts(req) : undefined;
    const key = facts ? `${url}\0${conditionKey(manifest.rules, facts)}` : url;
    sendPlan(planOf(manifest, url, key, facts), req, res, bodies, store, fail);
  }

  return {
    serves(hostname) {
      const target = hosts.get(hostname);
      return target instanceof Promise ? target.then(hasDeployment) : hasDeployment(target);
    },
    functionOwner: (key) => buildOutput?.ownerOf(key),
    memoryAnswer,
    handle(req, res) {
      // Cache hits stay synchronous and allocate nothing; only a miss waits on a promise.
      const target = hosts.get(req.headers.host ?? '');
      if (target instanceof Promise)
        target.then(
          (t) => serve(t, req, res),
          (err: unknown) => fail(res, err),
        );
      else serve(target, req, res);
    },
    ready: listener?.ready ?? Promise.resolve(),
    async close() {
      options.events.off('alias', onAlias);
      options.events.off('analytics', onAlias);
      options.events.off('protection', onProtection);
      stopSettling?.();
      await listener?.close();
      if (!options.analytics) await collector.close();
    },
  };
}
