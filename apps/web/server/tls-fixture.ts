// The front server's TLS ask and edge on one node:http server for tests: the edge fixture's database,
// store and alias events (packages/engine/src/edge/fixture.ts), dispatched by the real `classify`
// like apps/web/server.ts does, so Caddy (or a test) asks the same handler a Nimbus process runs.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { classify } from '@nimbus/api';
import { startEdge } from '@nimbus/engine/src/edge/fixture';
import { createTlsAsk } from './tls-ask';

export const PUBLIC_URL = 'https://nimbus.example.org';

export async function startTlsFront() {
  const edge = await startEdge();
  const ask = createTlsAsk({ publicUrl: PUBLIC_URL, edge: edge.edge });
  const server = createServer((req, res) =>
    classify(req.headers.host, req.url ?? '/', 'localhost', req) === 'tls-ask'
      ? ask(req, res)
      : edge.edge.handle(req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    ...edge,
    port,
    /** Caddy's question for `domain`, with extra request headers; resolves to the status and body. */
    ask(domain: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const path = `/api/tls/ask?domain=${encodeURIComponent(domain)}`;
        const req = request(
          { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await edge.close();
    },
  };
}
