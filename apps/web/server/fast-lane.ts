// The fast lane: the front server's listening socket, in front of node:http. Each connection's
// bytes are read here first; a plain GET or HEAD to a deployment host whose whole answer the edge
// holds in memory (Edge.memoryAnswer: a warm static file) is answered by writing that answer to the
// socket directly, and anything else, from the first byte this lane does not take on, goes to
// node:http on the same connection (the bytes put back with `unshift`, the socket handed over as a
// new connection), which then keeps it.
//
// Why hand-written: node:http spends about 25 µs of CPU on every request (its parser's callbacks,
// IncomingMessage, ServerResponse, header objects) where nginx spends 11; a warm static answer is
// a map lookup and a write, so node:http's own work was most of the edge's cost and capped it near
// 0.45× nginx whatever the edge did. No package on the npm registry serves HTTP/1.1 from Node
// faster without a native binary (uWebSockets.js is published on GitHub only) or without giving up
// node:http for the dashboard and API, which Next.js and Hono need.
//
// It parses only the strict subset it answers and never guesses: HTTP/1.1, GET or HEAD, an
// origin-form target of visible ASCII, `name: value` lines of token names and visible values, one
// Host, the whole head within one read and 16 KiB, and none of the headers that change an answer
// or a connection (a body, conditional and range requests, upgrades, `Connection` other than
// keep-alive, a `traceparent` to continue). Anything else, including a head split across reads, is
// node:http's, which answers or refuses it as it always has. What a request here skips of the full
// path: tracing records no span (an answer from memory has no step to trace; it still carries
// `x-nimbus-id` and an unsampled `traceparent`) and the other roles' dispatch (the host is a
// deployment's).
import type { Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { MemoryAnswer } from '@nimbus/engine';
import { newRequestId, randomHex } from './tracing';

/** node:http's default limit on a request head; a longer one is node:http's to refuse. */
const MAX_HEAD = 16 * 1024;
/** node:http's default `keepAliveTimeout`: an idle connection is closed after it. */
const KEEP_ALIVE_MS = 5000;

/** The request heads this lane answers: everything the edge needs from them. */
export interface PlainRequest {
  head: boolean;
  url: string;
  host: string;
  acceptEncoding: string | undefined;
  /** Offset just past the head's blank line. */
  end: number;
}

/** Headers whose presence changes the answer or the connection: their requests go to node:http. */
const TAKEN_OVER = new Set([
  'content-length',
  'transfer-encoding',
  'expect',
  'upgrade',
  'range',
  'if-range',
  'if-none-match',
  'traceparent',
  'tracestate',
  'http2-settings',
]);

/** RFC 9110 token characters (a header name); visible ASCII is what the target and values may hold. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const TARGET = /^\/[\x21-\x7e]*$/;
const VALUE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$|^$/;

/**
 * The request head starting at `start` of `chunk` when it is one this lane answers, else null
 * (including when it is not complete in `chunk`).
 */
export function parsePlainRequest(chunk: Buffer, start: number): PlainRequest | null {
  const blank = chunk.indexOf('\r\n\r\n', start, 'latin1');
  if (blank < 0 || blank - start > MAX_HEAD) return null;
  const text = chunk.toString('latin1', start, blank);
  const lineEnd = text.indexOf('\r\n');
  const requestLine = lineEnd < 0 ? text : text.slice(0, lineEnd);
  let head: boolean;
  let rest: string;
  if (requestLine.startsWith('GET ')) {
    head = false;
    rest = requestLine.slice(4);
  } else if (requestLine.startsWith('HEAD ')) {
    head = true;
    rest = requestLine.slice(5);
  } else return null;
  if (!rest.endsWith(' HTTP/1.1')) return null;
  const url = rest.slice(0, -9);
  if (!TARGET.test(url)) return null;
  let host: string | undefined;
  let acceptEncoding: string | undefined;
  let at = lineEnd < 0 ? text.length : lineEnd + 2;
  while (at < text.length) {
    let next = text.indexOf('\r\n', at);
    if (next < 0) next = text.length;
    const colon = text.indexOf(':', at);
    if (colon < 0 || colon > next) return null;
    const name = text.slice(at, colon);
    if (!TOKEN.test(name)) return null; // also a folded line (leading space) or a space before the colon
    let value = text.slice(colon + 1, next);
    // Optional whitespace around the value, as node:http trims it.
    let from = 0;
    let to = value.length;
    while (from < to && (value.charCodeAt(from) === 32 || value.charCodeAt(from) === 9)) from++;
    while (to > from && (value.charCodeAt(to - 1) === 32 || value.charCodeAt(to - 1) === 9)) to--;
    value = value.slice(from, to);
    if (!VALUE.test(value)) return null;
    const lower = name.toLowerCase();
    if (lower === 'host') {
      if (host !== undefined || value === '') return null;
      host = value;
    } else if (lower === 'accept-encoding') {
      acceptEncoding = acceptEncoding === undefined ? value : `${acceptEncoding}, ${value}`;
    } else if (lower === 'connection') {
      if (value.toLowerCase() !== 'keep-alive') return null;
    } else if (TAKEN_OVER.has(lower)) return null;
    at = next + 2;
  }
  if (host === undefined) return null;
  return { head, url, host, acceptEncoding, end: blank + 4 };
}

/** `Date` as node:http writes it, rebuilt once a second. */
let dateLine = '';
let dateUntil = 0;
function currentDateLine(): string {
  const now = Date.now();
  if (now >= dateUntil) {
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
    dateUntil = now - (now % 1000) + 1000;
  }
  return dateLine;
}

/** Bodies up to this size are copied into one buffer with the head: one write, not a writev of three. */
const COPY_BELOW = 16 * 1024;

function write(socket: Socket, answer: MemoryAnswer, head: boolean, keepAlive: string): void {
  // What the front server adds to every answer (server/tracing.ts), then what node:http adds.
  const added = `x-nimbus-id: ${newRequestId()}\r\ntraceparent: 00-${randomHex(16)}-${randomHex(8)}-00\r\n${currentDateLine()}${keepAlive}`;
  const body = head ? null : answer.body;
  if (body === null || body.length < COPY_BELOW) {
    const length = answer.head.length + added.length;
    const bytes = Buffer.allocUnsafe(length + (body?.length ?? 0));
    answer.head.copy(bytes, 0);
    bytes.write(added, answer.head.length, 'latin1');
    body?.copy(bytes, length);
    socket.write(bytes);
    return;
  }
  socket.cork();
  socket.write(answer.head);
  socket.write(added, 'latin1');
  socket.write(body);
  socket.uncork();
}

export interface FastLane {
  /** The listening server; node:http (`http`) never listens itself. */
  server: Server;
  http: HttpServer;
  /** Requests this lane has answered itself (tests and benchmarks read it). */
  readonly answered: number;
  /** Stops accepting, ends idle connections of both. */
  close(): Promise<void>;
}

/**
 * A listening socket that answers what `answer` holds in memory and hands every other connection,
 * from its first unanswered byte, to `http`. `answer` returns null for any request it does not
 * answer in full; `isEdgeHost` says whether a Host header is a deployment's at all.
 */
export function createFastLane(options: {
  http: HttpServer;
  isEdgeHost(hostHeader: string): boolean;
  answer(request: PlainRequest, socket: Socket): MemoryAnswer | null;
  /** How long a connection may sit idle between requests (tests shorten it); node:http's keep-alive time. */
  idleMs?: number;
}): FastLane {
  const { http } = options;
  const idleMs = options.idleMs ?? KEEP_ALIVE_MS;
  http.keepAliveTimeout = idleMs;
  // What node:http says of the same connection, and the blank line that ends the head.
  const keepAlive = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(idleMs / 1000)}\r\n\r\n`;
  const open = new Set<Socket>();
  let answered = 0;

  const server = createServer({ noDelay: true }, (socket) => {
    open.add(socket);
    // Idle between requests: closed, as node:http closes a keep-alive connection. Still sending an
    // answer to a slow reader: left to finish, as node:http sets no time limit on a response.
    const onTimeout = () => {
      if (socket.writableLength > 0) socket.setTimeout(idleMs);
      else socket.destroy();
    };
    const onError = () => socket.destroy();
    const onClose = () => open.delete(socket);
    const handOff = (rest: Buffer | null) => {
      socket.off('data', onData);
      socket.off('timeout', onTimeout);
      socket.off('error', onError);
      socket.off('close', onClose);
      open.delete(socket);
      socket.setTimeout(0);
      socket.pause();
      if (rest?.length) socket.unshift(rest);
      http.emit('connection', socket);
      socket.resume();
    };
    const onData = (chunk: Buffer) => {
      let offset = 0;
      while (offset < chunk.length) {
        const request = parsePlainRequest(chunk, offset);
        if (!request || !options.isEdgeHost(request.host)) break;
        const answer = options.answer(request, socket);
        if (!answer) break;
        write(socket, answer, request.head, keepAlive);
        answered++;
        offset = request.end;
      }
      if (offset < chunk.length) return handOff(offset ? chunk.subarray(offset) : chunk);
      // A client that sends faster than it reads is not read from until it has caught up.
      if (socket.writableNeedDrain) {
        socket.pause();
        socket.once('drain', () => socket.resume());
      }
    };
    socket.setTimeout(idleMs);
    socket.on('timeout', onTimeout);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.on('data', onData);
  });

  // node:http tracks its connections' timeouts (headersTimeout, requestTimeout) from 'listening'.
  server.once('listening', () => http.emit('listening'));

  return {
    server,
    http,
    get answered() {
      return answered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
        // Ends node:http's idle connections and its timeout checks (it was never listening itself).
        http.close(() => {});
      }),
  };
}
