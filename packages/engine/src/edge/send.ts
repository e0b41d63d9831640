// Writes a plan to the socket: 304 for a matching If-None-Match, 206/416 for a Range, brotli or gzip
// when the client takes it, else the file itself from memory (or streamed, when too large to keep).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FileStore } from '../store/types';
import type { BodyCache, Encoding } from './bodies';
import { negotiate, parseRange } from './negotiate';
import { etagOf, type FilePlan, type Plan } from './plan';
import { flatHeaders, sendStatic } from './responses';

export type Fail = (res: ServerResponse, err: unknown) => void;

/** Calls `then` at once with a ready value, or when its promise settles. */
function use<T>(value: T | Promise<T>, res: ServerResponse, fail: Fail, then: (v: T) => void): void {
  if (value instanceof Promise) value.then(then, (err: unknown) => fail(res, err));
  else then(value);
}

export function sendPlan(
  plan: Plan,
  req: IncomingMessage,
  res: ServerResponse,
  bodies: BodyCache,
  store: FileStore,
  fail: Fail,
): void {
  if (plan.kind === 'static') return sendStatic(res, plan.response);
  const encoding = plan.compressible ? negotiate(req.headers['accept-encoding']) : null;
  if (plan.status === 200) {
    const inm = req.headers['if-none-match'];
    if (inm !== undefined && (inm === '*' || inm.includes(plan.sha))) {
      res.writeHead(304, plan.notModified[encoding ?? 'identity']);
      return void res.end();
    }
    const range = req.headers.range;
    const ifRange = req.headers['if-range'];
    if (range !== undefined && (ifRange === undefined || ifRange === plan.etag)) {
      const parsed = parseRange(range, plan.size);
      if (parsed) return sendRange(plan, parsed, req, res, bodies, store, fail);
    }
  }
  if (encoding) {
    const body = bodies.encoded(plan.sha, encoding);
    if (body instanceof Promise)
      body.then(
        (b) => sendEncoded(plan, encoding, res, b),
        (err: unknown) => fail(res, err),
      );
    else sendEncoded(plan, encoding, res, body);
  } else if (plan.size <= bodies.limits.maxFileBytes) {
    const body = bodies.raw(plan.sha);
    if (body instanceof Promise)
      body.then(
        (b) => sendBody(plan, res, b),
        (err: unknown) => fail(res, err),
      );
    else sendBody(plan, res, body);
  } else {
    res.writeHead(plan.status, plan.identity);
    if (req.method === 'HEAD') res.end();
    else use(store.stream(plan.sha), res, fail, (stream) => pipe(stream, res));
  }
}

function sendBody(plan: FilePlan, res: ServerResponse, body: Buffer): void {
  res.writeHead(plan.status, plan.identity);
  res.end(body);
}

function sendEncoded(plan: FilePlan, encoding: Encoding, res: ServerResponse, body: Buffer): void {
  res.writeHead(plan.status, (plan.encoded[encoding] ??= encodedHeaders(plan, encoding, body.length)));
  res.end(body);
}

/** The header list of `plan` compressed with `encoding` to `length` bytes. */
export function encodedHeaders(plan: FilePlan, encoding: Encoding, length: number): string[] {
  return flatHeaders(
    [
      ...plan.base,
      ['content-encoding', encoding],
      ['etag', etagOf(plan.sha, encoding)],
      ['content-length', String(length)],
    ],
    plan.extra,
  );
}

function sendRange(
  plan: FilePlan,
  range: { start: number; end: number } | 'unsatisfiable',
  req: IncomingMessage,
  res: ServerResponse,
  bodies: BodyCache,
  store: FileStore,
  fail: Fail,
): void {
  if (range === 'unsatisfiable') {
    res.writeHead(
      416,
      flatHeaders([...plan.base, ['content-range', `bytes */${plan.size}`], ['content-length', '0']], plan.extra),
    );
    return void res.end();
  }
  const { start, end } = range;
  res.writeHead(
    206,
    flatHeaders(
      [
        ...plan.base,
        ['etag', plan.etag],
        ['content-range', `bytes ${start}-${end}/${plan.size}`],
        ['content-length', String(end - start + 1)],
      ],
      plan.extra,
    ),
  );
  if (req.method === 'HEAD') return void res.end();
  if (plan.size <= bodies.limits.maxFileBytes)
    use(bodies.raw(plan.sha), res, fail, (body) => res.end(body.subarray(start, end + 1)));
  else use(store.stream(plan.sha, range), res, fail, (stream) => pipe(stream, res));
}

/** A store stream that fails after the headers went out can only end the connection. */
function pipe(stream: Readable, res: ServerResponse): void {
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}
