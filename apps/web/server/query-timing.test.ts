import { createServer, request, type Server } from 'node:http';
import { type Database, openDatabase } from '@nimbus/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countQueriesOf } from './query-timing';
import { addServerTiming } from './server-timing';

let database: Database;
let server: Server;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', migrate: false, countQueries: true });
});
afterAll(() => database.close());
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function serverTiming(handler: Parameters<typeof createServer>[1]) {
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return new Promise<unknown>((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/' }, (res) => {
      res.resume();
      resolve(res.headers['server-timing']);
    })
      .on('error', reject)
      .end();
  });
}

describe('countQueriesOf', () => {
  it('adds the queries a response made before its headers, after the total', async () => {
    const timing = await serverTiming((_, res) =>
      countQueriesOf(res, async () => {
        addServerTiming(res, () => 0);
        await database.execute('SELECT 1');
        await database.execute('SELECT 2');
        res.end('ok');
      }),
    );
    expect(timing).toBe('total;dur=0.0, db;desc="queries";dur=2');
  });

  it('counts only the queries of its own request', async () => {
    await database.execute('SELECT 1');
    const timing = await serverTiming((_, res) => countQueriesOf(res, () => res.end('none')));
    expect(timing).toBe('db;desc="queries";dur=0');
  });
});
