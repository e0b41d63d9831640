import { createServer, request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { addServerTiming } from './server-timing';

let server: Server;
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function headersOf(handler: Parameters<typeof createServer>[1], method = 'GET') {
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', method, path: '/' }, (res) => {
      res.resume();
      resolve(res.headers);
    });
    req.on('error', reject).end();
  });
}

describe('addServerTiming', () => {
  it('adds total;dur from arrival to headers, for explicit and implicit writeHead alike', async () => {
    let clock = 100;
    const explicit = await headersOf((_, res) => {
      addServerTiming(res, () => clock);
      clock = 112.34;
      res.writeHead(200, { 'content-type': 'text/html' }).end('ok');
    }, 'HEAD');
    expect(explicit['server-timing']).toBe('total;dur=12.3');
    const implicit = await headersOf((_, res) => {
      addServerTiming(res);
      res.end('ok');
    });
    expect(implicit['server-timing']).toMatch(/^total;dur=\d+\.\d$/);
  });

  it('keeps a Server-Timing header the page set itself', async () => {
    const headers = await headersOf((_, res) => {
      addServerTiming(res);
      res.setHeader('server-timing', 'db;dur=3');
      res.end();
    });
    expect(headers['server-timing']).toBe('db;dur=3');
  });
});
