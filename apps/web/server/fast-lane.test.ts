// The fast lane (server/fast-lane.ts) in the real front server (server.ts, api and edge roles, PGlite)
// with one static deployment: a warm file is answered by the lane with the bytes node:http sends
// for it; pipelined requests keep their order when the lane hands the connection to node:http
// mid-stream (a POST's body, a conditional GET); HEAD, compression, protection and metering hold;
// the request heads it must not take go the full way.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { BuildOutputConfig } from '@nimbus/core';
import { newId, schema } from '@nimbus/db';
import { sha1 } from '@nimbus/engine';
import { wireHead } from '@nimbus/engine/src/edge/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../server';
import { loadConfig } from './config';
import { createFastLane, parsePlainRequest } from './fast-lane';

const PAGE = `<!doctype html><title>Lane</title>${'<p>Served from memory.</p>'.repeat(80)}`;
const SMALL = 'tiny text';
let started: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let projectId: string;
let teamId: string;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends `requests` on one connection and reads `count` answers (a HEAD's or 304's without a body). */
async function exchange(requests: string | Buffer, count: number, heads: boolean[] = []): Promise<Answer[]> {
  const socket = connect(started.port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(requests);
  let buffer = Buffer.alloc(0);
  const answers: Answer[] = [];
  for await (const chunk of socket) {
    buffer = Buffer.concat([buffer, chunk as Buffer]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) break;
      const [statusLine, ...lines] = buffer.toString('latin1', 0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const status = Number(statusLine!.split(' ')[1]);
      const bodyless = heads[answers.length] || status === 304;
      const length = bodyless ? 0 : Number(headers['content-length'] ?? 0);
      if (buffer.length < end + 4 + length) break;
      answers.push({ status, headers, body: buffer.subarray(end + 4, end + 4 + length) });
      buffer = buffer.subarray(end + 4 + length);
    }
    if (answers.length >= count) break;
  }
  socket.destroy();
  return answers;
}

const get = (url: string, host: string, extra = '') => `GET ${url} HTTP/1.1\r\nHost: ${host}\r\n${extra}\r\n`;
const HOST = 'lane-site.localhost';

/** Headers of an answer without the per-request ones and in a fixed order. */
const stable = (a: Answer) =>
  Object.fromEntries(
    Object.entries(a.headers)
      .filter(([name]) => !['date', 'x-nimbus-id', 'traceparent'].includes(name))
      .sort(),
  );

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-fast-lane-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    NIMBUS_DATA_DIR: dataDir,
    NIMBUS_PUBLIC_URL: 'http://localhost:3000',
    NIMBUS_TRACING: '1',
    NIMBUS_USAGE_METERING: 'on',
    NIMBUS_SECRET: 'l'.repeat(32),
  });
  for (const role of ['web', 'worker'] as const) config.roles.delete(role);
  started = await startServer(config);
  const { db } = started.runtime.database;
  teamId = newId('team');
  projectId = newId('prj');
  await db.insert(schema.teams).values({ id: teamId, slug: 'lane-team' });
  await db.insert(schema.projects).values({ id: projectId, teamId, name: 'lane-site' });
  await db
    .insert(schema.deployments)
    .values({ id: newId('dpl'), projectId, teamId, name: 'lane-site', host: 'lane-site', state: 'READY' });
  // Two Build Output deployments of the same project: routes that read only the URL, and routes with a header condition.
  const outputs: [string, BuildOutputConfig][] = [
    [
      'lane-boa',
      {
        version: 3,
        routes: [{ src: '/(.*)', headers: { 'x-routed': 'yes' }, continue: true }, { handle: 'filesystem' }],
      },
    ],
    [
      'lane-boa-has',
      {
        version: 3,
        routes: [
          {
            src: '/(.*)',
            has: [{ type: 'header', key: 'x-variant' }],
            headers: { 'x-variant-seen': '1' },
            continue: true,
          },
          { handle: 'filesystem' },
        ],
      },
    ],
  ];
  for (const [host, buildOutput] of outputs)
    await db
      .insert(schema.deployments)
      .values({ id: newId('dpl'), projectId, teamId, name: 'lane-site', host, state: 'READY', buildOutput });
  const rows = await db.select().from(schema.deployments).where(eq(schema.deployments.projectId, projectId));
  for (const [file, text] of [
    ['index.html', PAGE],
    ['small.txt', SMALL],
  ] as const) {
    const bytes = Buffer.from(text);
    await started.runtime.engine.store.put(sha1(bytes), bytes);
    for (const row of rows)
      await db
        .insert(schema.deploymentOutputs)
        .values({ deploymentId: row.id, path: file, sha: sha1(bytes), size: bytes.length });
  }
}, 120_000);

afterAll(async () => {
  await started?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('which request heads the lane takes', () => {
  const parse = (text: string) => parsePlainRequest(Buffer.from(text), 0);

  it('takes a plain GET or HEAD with its host and accepted encodings', () => {
    expect(parse(get('/a?b=1', 'x.localhost', 'Accept-Encoding: gzip\r\nUser-Agent: curl/8\r\n'))).toEqual({
      head: false,
      url: '/a?b=1',
      host: 'x.localhost',
      acceptEncoding: 'gzip',
      end: Buffer.byteLength(get('/a?b=1', 'x.localhost', 'Accept-Encoding: gzip\r\nUser-Agent: curl/8\r\n')),
    });
    expect(parse('HEAD / HTTP/1.1\r\nhost:  x.localhost \r\nConnection: keep-alive\r\n\r\n')).toMatchObject({
      head: true,
      host: 'x.localhost',
    });
  });

  it.each([
    ['another method', 'POST / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['HTTP/1.0', 'GET / HTTP/1.0\r\nHost: x\r\n\r\n'],
    ['an absolute-form target', 'GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a space in the target', 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['no Host', 'GET / HTTP/1.1\r\nAccept: */*\r\n\r\n'],
    ['two Hosts', 'GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n'],
    ['a folded line', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n 2\r\n\r\n'],
    ['a space before the colon', 'GET / HTTP/1.1\r\nHost : x\r\n\r\n'],
    ['a control character', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n'],
    ['a body', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n'],
    ['a chunked body', 'GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n'],
    ['a range', 'GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=0-1\r\n\r\n'],
    ['a conditional', 'GET / HTTP/1.1\r\nHost: x\r\nIf-None-Match: "a"\r\n\r\n'],
    ['Connection: close', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['an upgrade', 'GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n'],
    ['a trace to continue', 'GET / HTTP/1.1\r\nHost: x\r\ntraceparent: 00-a-b-01\r\n\r\n'],
    ['an unfinished head', 'GET / HTTP/1.1\r\nHost: x\r\n'],
    ['a head over 16 KiB', `GET / HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(17_000)}\r\n\r\n`],
  ])('leaves %s to node:http', (_why, text) => {
    expect(parse(text)).toBeNull();
  });
});

describe('answers from memory', () => {
  it('answers a warm file with the bytes the full path sends, and counts it', async () => {
    const before = started.fastLane.answered;
    // Sent together, both go the full way: the first is cold, and the lane does not reorder.
    const [cold] = await exchange(get('/', HOST) + get('/', HOST), 2);
    expect(started.fastLane.answered).toBe(before);
    const [warm] = await exchange(get('/', HOST), 1);
    expect(started.fastLane.answered).toBe(before + 1);
    expect(warm!.status).toBe(200);
    expect(warm!.body.toString()).toBe(PAGE);
    expect(stable(warm!)).toEqual(stable(cold!));
    expect(warm!.headers['x-nimbus-id']).toMatch(/^req_[0-9a-f]{20}$/);
    expect(warm!.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    expect(warm!.headers['x-nimbus-id']).not.toBe(cold!.headers['x-nimbus-id']);
  });

  it('keeps pipelined answers in order across a hand-off to node:http', async () => {
    await exchange(get('/small.txt', HOST), 1); // warm
    const before = started.fastLane.answered;
    const post = `POST /small.txt HTTP/1.1\r\nHost: ${HOST}\r\nContent-Length: 5\r\n\r\nhello`;
    const answers = await exchange(
      get('/small.txt', HOST) + get('/', HOST) + post + get('/small.txt', HOST) + get('/missing', HOST),
      5,
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 405, 200, 404]);
    expect(answers[0]!.body.toString()).toBe(SMALL);
    expect(answers[1]!.body.toString()).toBe(PAGE);
    expect(answers[3]!.body.toString()).toBe(SMALL);
    // The two before the POST; node:http keeps the connection after it.
    expect(started.fastLane.answered).toBe(before + 2);
  });

  it('answers HEAD without a body and leaves conditionals and ranges to the full path', async () => {
    const etag = (await exchange(get('/', HOST), 1))[0]!.headers.etag!;
    const answers = await exchange(
      `HEAD / HTTP/1.1\r\nHost: ${HOST}\r\n\r\n${get('/', HOST, `If-None-Match: ${etag}\r\n`)}${get('/', HOST, 'Range: bytes=0-4\r\n')}`,
      3,
      [true],
    );
    expect(answers.map((a) => a.status)).toEqual([200, 304, 206]);
    expect(answers[0]!.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
    expect(answers[0]!.body.length).toBe(0);
    expect(answers[2]!.body.toString()).toBe(PAGE.slice(0, 5));
  });

  it('answers compressed once the compressed body is cached', async () => {
    const request = get('/', HOST, 'Accept-Encoding: gzip\r\n');
    await exchange(request, 1);
    const before = started.fastLane.answered;
    const [answer] = await exchange(request, 1);
    expect(started.fastLane.answered).toBe(before + 1);
    expect(answer!.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer!.body).toString()).toBe(PAGE);
  });

  it('counts requests and bytes for usage as the full path does', async () => {
    const meter = started.runtime.meter;
    const usage = (metric: string) =>
      meter
        .pending()
        .filter((row) => row.projectId === projectId && row.metric === metric)
        .reduce((sum, row) => sum + row.value, 0);
    await meter.flush();
    const socket = connect(started.port, '127.0.0.1');
    await once(socket, 'connect');
    let received = 0;
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      text += chunk.toString('latin1');
    });
    socket.write(get('/small.txt', HOST).repeat(10));
    while (text.split('HTTP/1.1 200 OK').length - 1 < 10 || !text.endsWith(SMALL))
      await new Promise((resolve) => setTimeout(resolve, 10));
    socket.end();
    await once(socket, 'close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(usage('edge_requests')).toBe(10);
    expect(usage('bandwidth_bytes')).toBe(received);
  });

  it('never answers for a protected project', async () => {
    const { db } = started.runtime.database;
    await db
      .update(schema.projects)
      .set({ ssoProtection: { deploymentType: 'all' } })
      .where(eq(schema.projects.id, projectId));
    started.runtime.engine.events.emit('protection', projectId);
    try {
      const before = started.fastLane.answered;
      const answers = await exchange(get('/small.txt', HOST) + get('/small.txt', HOST), 2);
      expect(answers.map((a) => a.status)).toEqual([302, 302]);
      expect(answers[1]!.body.toString()).not.toContain(SMALL);
      expect(started.fastLane.answered).toBe(before);
    } finally {
      await db.update(schema.projects).set({ ssoProtection: null }).where(eq(schema.projects.id, projectId));
      started.runtime.engine.events.emit('protection', projectId);
    }
  });

  it('hands the dashboard and API their requests, whatever came first on the connection', async () => {
    const [file, api] = await exchange(get('/small.txt', HOST) + get('/v9/nothing-here', 'localhost:3000'), 2);
    expect(file!.body.toString()).toBe(SMALL);
    expect(api!.headers['content-type']).toContain('application/json');
    expect(JSON.parse(api!.body.toString()).error.code).toEqual(expect.any(String));
  });

  it('answers a Build Output file once routing has sent its URL there, when routing reads only the URL', async () => {
    const host = 'lane-boa.localhost';
    const [cold] = await exchange(get('/small.txt', host), 1);
    const before = started.fastLane.answered;
    const [warm] = await exchange(get('/small.txt', host), 1);
    expect(started.fastLane.answered).toBe(before + 1);
    expect(warm!.body.toString()).toBe(SMALL);
    expect(warm!.headers['x-routed']).toBe('yes');
    expect(stable(warm!)).toEqual(stable(cold!));
  });

  it('routes every request when a route reads a header', async () => {
    const host = 'lane-boa-has.localhost';
    await exchange(get('/small.txt', host), 1);
    const before = started.fastLane.answered;
    const [plain, variant] = await exchange(get('/small.txt', host) + get('/small.txt', host, 'x-variant: b\r\n'), 2);
    expect(started.fastLane.answered).toBe(before);
    expect(plain!.headers['x-variant-seen']).toBeUndefined();
    expect(variant!.headers['x-variant-seen']).toBe('1');
  });

  it('takes a head split across two reads the full way', async () => {
    const socket = connect(started.port, '127.0.0.1');
    await once(socket, 'connect');
    const text = get('/small.txt', HOST);
    socket.write(text.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(text.slice(10));
    const [chunk] = (await once(socket, 'data')) as [Buffer];
    expect(chunk.toString()).toMatch(/^HTTP\/1\.1 200 OK/);
    socket.destroy();
  });
});

describe('connections', () => {
  // Larger than what loopback's socket buffers hold, so part of it waits in the server while the reader pauses.
  const BIG = Buffer.alloc(32 * 1024 * 1024, 'n');
  let lane: ReturnType<typeof createFastLane>;
  let port: number;

  beforeAll(async () => {
    lane = createFastLane({
      http: createServer((_req, res) => res.writeHead(421).end()),
      isEdgeHost: () => true,
      answer: (request) =>
        request.url === '/big'
          ? { head: wireHead(200, ['content-length', String(BIG.length)])!, body: BIG }
          : { head: wireHead(200, ['content-length', '2'])!, body: Buffer.from('ok') },
      idleMs: 300,
    });
    await new Promise<void>((resolve) => lane.server.listen(0, '127.0.0.1', resolve));
    port = (lane.server.address() as { port: number }).port;
  });
  afterAll(() => lane.close());

  it('closes a connection idle between requests after the keep-alive time', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write(get('/small', 'x.localhost'));
    const [chunk] = (await once(socket, 'data')) as [Buffer];
    expect(chunk.toString()).toMatch(/ok$/);
    const started = Date.now();
    await once(socket, 'close');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('lets a slow reader finish a large answer, however long it takes', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write(get('/big', 'x.localhost'));
    let received = 0;
    let pauses = 0;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      // Stops reading twice for more than twice the keep-alive time: at the start and 4 MiB in.
      if ((pauses === 0 || (pauses === 1 && received > 4 * 1024 * 1024)) && received < BIG.length) {
        pauses++;
        socket.pause();
        setTimeout(() => socket.resume(), 700);
      }
    });
    while (received < BIG.length && !socket.destroyed) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toBeGreaterThan(BIG.length);
    socket.destroy();
  }, 60_000);
});
