// Writes a plan to the socket: 304 for a matching If-None-Match, 206/416 for a Range, brotli or gzip
// when the client takes it, else the file itself from memory (or streamed, when too large to keep).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FileStore } from '../store/types';
import type { BodyCache, Encoding } from './bodies';
import { negotiate, parseRange } from './negotiate';
import { etagOf, type FilePlan, type Plan } from './plan';
import { flatHeaders, sendStatic, wireHead } from './responses';

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
  const body = bodyOf(plan, encoding, bodies);
  if (body !== null) return use(body, res, fail, (b) => sendBody(res, plan.status, headersOf(plan, encoding, b), b));
  res.writeHead(plan.status, plan.identity);
  if (req.method === 'HEAD') res.end();
  else use(store.stream(plan.sha), res, fail, (stream) => pipe(stream, res));
}

/** A whole answer in memory: its head (status line and headers, responses.ts wireHead) and body. */
export interface MemoryAnswer {
  head: Buffer;
  body: Buffer;
}

/**
 * The answer to a plain GET of `plan` as bytes, when both its head and body are already in memory
 * (the front server's fast lane); null when its body is still being read or compressed, is too large
 * to keep, or a header would not pass node:http's checks.
 */
export function memoryAnswerOf(plan: Plan, acceptEncoding: string | undefined, bodies: BodyCache): MemoryAnswer | null {
  if (plan.kind === 'static') {
    const { response } = plan;
    if (response.wire === undefined) response.wire = wireHead(response.status, response.headers);
    return response.wire && { head: response.wire, body: response.body };
  }
  const encoding = plan.compressible ? negotiate(acceptEncoding) : null;
  const body = bodyOf(plan, encoding, bodies);
  if (body === null || body instanceof Promise) return null;
  const name = encoding ?? 'identity';
  let head = plan.wire[name];
  if (head === undefined) head = plan.wire[name] = wireHead(plan.status, headersOf(plan, encoding, body));
  return head && { head, body };
}

/** The body of `plan` in `encoding` from the body cache, or null when it is too large to keep (it is streamed). */
function bodyOf(plan: FilePlan, encoding: Encoding | null, bodies: BodyCache): Buffer | Promise<Buffer> | null {
  if (encoding) return bodies.encoded(plan.sha, encoding);
  return plan.size <= bodies.limits.maxFileBytes ? bodies.raw(plan.sha) : null;
}

/** The headers of `plan` sent in `encoding` with `body` (a compressed length is known once compressed). */
function headersOf(plan: FilePlan, encoding: Encoding | null, body: Buffer): string[] {
  return encoding ? (plan.encoded[encoding] ??= encodedHeaders(plan, encoding, body.length)) : plan.identity;
}

function sendBody(res: ServerResponse, status: number, headers: string[], body: Buffer): void {
  res.writeHead(status, headers);
  res.end(body);
}

function encodedHeaders(plan: FilePlan, encoding: Encoding, length: number): string[] {
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
