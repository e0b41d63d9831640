// A whole Nimbus without the dashboard, for tests of server code: the API with a build worker, and
// the edge with the sandboxed function runners and the runtime log, on one HTTP server that sends
// deployment hosts (`*.localhost`) to the edge and everything else to the API, as the front server does.
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import {
  type Collector,
  createEdge,
  createFunctionPool,
  type Edge,
  type FunctionPoolOptions,
  type Meter,
  RuntimeLogWriter,
  reportFunctionsTo,
} from '@nimbus/engine';
import { classify, stripApiPrefix } from './dispatch';
import { createEngineTestApi } from './engine-testing';
import { ORIGIN } from './testing';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export async function createFunctionsTestServer(
  pool: Partial<FunctionPoolOptions> = {},
  options: { meter?: Meter; analytics?: Collector } = {},
) {
  const t = await createEngineTestApi({ worker: {} });
  const logs = new RuntimeLogWriter({ db: t.db, events: t.engine.events });
  const functionsDir = path.join(t.engineDir, 'functions');
  await mkdir(functionsDir, { recursive: true });
  let edge: Edge | null = null;
  const runners = createFunctionPool({
    network: 'none',
    idleMs: 60_000,
    ...reportFunctionsTo(logs, (key) => edge?.functionOwner(key), options.meter),
    ...pool,
  });
  edge = createEdge({
    db: t.db,
    store: t.engine.store,
    deployDomain: 'localhost',
    events: t.engine.events,
    protection: { tokens: t.engine.protectionTokens, publicUrl: ORIGIN },
    functions: { pool: runners, cipher: t.engine.cipher, dir: functionsDir },
    meter: options.meter,
    analytics: options.analytics,
  });
  const api = getRequestListener(t.app.fetch);
  const server = createServer((req, res) => {
    if (classify(req.headers.host, req.url ?? '/', 'localhost', req) === 'edge') return edge!.handle(req, res);
    req.url = stripApiPrefix(req.url ?? '/');
    void api(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** A request to a deployment host (`<label>.localhost`), with a body when given. */
  function fetchHost(
    host: string,
    urlPath: string,
    init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          path: urlPath,
          method: init.method ?? 'GET',
          headers: { ...init.headers, host: host.includes('.') ? host : `${host}.localhost` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({ status: res.statusCode!, headers: res.headers, body, text: body.toString() });
          });
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
  }

  return {
    ...t,
    url: `http://127.0.0.1:${port}`,
    edge,
    pool: runners,
    logs,
    fetchHost,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await edge?.close();
      await runners.close();
      await logs.close();
      await t.close();
    },
  };
}
