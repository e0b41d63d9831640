// HTTP/1.1 from the pool to one runner over its Unix socket: keep-alive connections, one request at a
// time on each, request bodies sent chunked, responses streamed. Written out instead of node:http's
// client (or undici) because their per-request cost was most of a warm function call: proxying the
// same handler behind a node:http front on one loaded 2-core machine, http.request reached about
// 6,000 requests/s, undici 8,000 and a bare socket client like this one 12,500 (bench/functions
// measures the whole path). It reads what the runner sends as untrusted: the function owns that
// process and can write raw bytes to its socket, so anything that is not a well-formed response ends
// the connection and fails the request, and never reaches the caller as headers.
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';

export interface RunnerResponse {
  status: number;
  headers: [string, string][];
  body: Readable;
  /** Whether the whole body arrived (false once the body ended early). */
  complete(): boolean;
}

const MAX_HEAD = 64 * 1024;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

class ProtocolError extends Error {}

/** One request in flight on a connection: parses its response as bytes arrive. */
class Exchange {
  private buffer: Buffer = Buffer.alloc(0);
  private state: 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'close' | 'done' = 'head';
  private remaining = 0;
  private body: Readable | null = null;
  private finished = false;
  reusable = true;

  constructor(
    private readonly method: string,
    private readonly socket: Socket,
    private readonly onHead: (response: RunnerResponse) => void,
    private readonly onDone: () => void,
    private readonly onError: (err: Error) => void,
  ) {}

  data(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    try {
      while (this.step());
    } catch (err) {
      this.fail(err as Error);
    }
  }

  /** The connection closed: the end of a body read to close, an error anywhere else. */
  closed() {
    if (this.state === 'close') return this.finish();
    if (this.state !== 'done') this.fail(new ProtocolError('The function closed the connection before it answered.'));
  }

  fail(err: Error) {
    if (this.state === 'done') return;
    this.state = 'done';
    this.reusable = false;
    this.socket.destroy();
    if (this.body) this.body.destroy(err);
    else this.onError(err);
  }

  private finish() {
    this.state = 'done';
    this.finished = true;
    this.body!.push(null);
    this.onDone();
  }

  private emit(bytes: Buffer) {
    if (bytes.length && !this.body!.push(bytes)) this.socket.pause();
  }

  /** Consumes what it can of the buffer; true while progress is possible. */
  private step(): boolean {
    switch (this.state) {
      case 'head': {
        const end = this.buffer.indexOf(HEAD_END);
        if (end < 0) {
          if (this.buffer.length > MAX_HEAD) throw new ProtocolError('The function sent response headers over 64 KiB.');
          return false;
        }
        const lines = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
        this.buffer = this.buffer.subarray(end + 4);
        const status = /^HTTP\/1\.[01] ([1-5]\d\d)(?: |$)/.exec(lines[0]!)?.[1];
        if (!status) throw new ProtocolError('The function sent a malformed status line.');
        const code = Number(status);
        if (code < 200) return true; // 100 Continue and friends: the real head follows
        const headers: [string, string][] = [];
        let length: number | null = null;
        let chunked = false;
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          const name = line.slice(0, colon);
          const value = line.slice(colon + 1).trim();
          if (colon < 1 || !TOKEN.test(name) || /[\0\n\r]/.test(value))
            throw new ProtocolError('The function sent a malformed header.');
          const lower = name.toLowerCase();
          if (lower === 'content-length') {
            if (!/^\d+$/.test(value) || (length !== null && length !== Number(value)))
              throw new ProtocolError('The function sent an invalid content-length.');
            length = Number(value);
          } else if (lower === 'transfer-encoding') chunked = value.toLowerCase() === 'chunked';
          else if (lower === 'connection' && value.toLowerCase() === 'close') this.reusable = false;
          headers.push([name, value]);
        }
        const empty = this.method === 'HEAD' || code === 204 || code === 304;
        this.body = new Readable({
          read: () => this.socket.resume(),
          // A body dropped before its end (the client left, the time limit) leaves the connection mid-response.
          destroy: (err, callback) => {
            if (!this.finished) {
              this.state = 'done';
              this.reusable = false;
              this.socket.destroy();
            }
            callback(err);
          },
        });
        this.onHead({ status: code, headers, body: this.body, complete: () => this.finished });
        if (empty || length === 0) {
          this.finish();
          return false;
        }
        if (chunked) this.state = 'chunk-size';
        else if (length !== null) {
          this.state = 'length';
          this.remaining = length;
        } else {
          this.state = 'close';
          this.reusable = false;
        }
        return this.buffer.length > 0;
      }
      case 'length':
      case 'chunk-data': {
        if (!this.buffer.length) return false;
        const take = Math.min(this.remaining, this.buffer.length);
        this.emit(this.buffer.subarray(0, take));
        this.buffer = this.buffer.subarray(take);
        this.remaining -= take;
        if (this.remaining > 0) return false;
        if (this.state === 'length') {
          this.finish();
          return false;
        }
        this.state = 'chunk-end';
        return true;
      }
      case 'chunk-size': {
        const end = this.buffer.indexOf(CRLF);
        if (end < 0) {
          if (this.buffer.length > 1024) throw new ProtocolError('The function sent a malformed chunk.');
          return false;
        }
        const size = this.buffer.subarray(0, end).toString('latin1').split(';')[0]!.trim();
        if (!/^[0-9a-fA-F]{1,12}$/.test(size)) throw new ProtocolError('The function sent a malformed chunk.');
        this.buffer = this.buffer.subarray(end + 2);
        this.remaining = Number.parseInt(size, 16);
        this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
        return true;
      }
      case 'chunk-end': {
        if (this.buffer.length < 2) return false;
        if (this.buffer[0] !== 13 || this.buffer[1] !== 10)
          throw new ProtocolError('The function sent a malformed chunk.');
        this.buffer = this.buffer.subarray(2);
        this.state = 'chunk-size';
        return true;
      }
      case 'trailers': {
        const end = this.buffer.indexOf(CRLF);
        if (end < 0) return false;
        this.buffer = this.buffer.subarray(end + 2);
        if (end === 0) {
          this.finish();
          return false;
        }
        return true;
      }
      case 'close':
        this.emit(this.buffer);
        this.buffer = Buffer.alloc(0);
        return false;
      default:
        if (this.buffer.length) throw new ProtocolError('The function sent bytes after its response.');
        return false;
    }
  }
}

/** Keep-alive connections to one Unix socket, at most `max` at once. */
export class SocketClient {
  private readonly idle: Socket[] = [];
  private destroyed = false;

  constructor(private readonly socketPath: string) {}

  /**
   * Sends one request; `response` resolves with the head while the body still streams.
   * `abort` ends the connection (and with it the function's side of this request).
   */
  request(
    method: string,
    url: string,
    headers: Record<string, string | string[]>,
    body: NodeJS.ReadableStream | null,
  ): { response: Promise<RunnerResponse>; abort(): void } {
    const socket = this.idle.pop() ?? this.open();
    let exchange: Exchange | undefined;
    let sent = !body;
    const response = new Promise<RunnerResponse>((resolve, reject) => {
      const done = () => {
        // An answer before the whole request body went out leaves the connection mid-request: not reusable.
        if (!sent) exchange!.reusable = false;
        this.release(socket, exchange!);
      };
      exchange = new Exchange(method, socket, resolve, done, reject);
    });
    socket.removeAllListeners('data').removeAllListeners('close').removeAllListeners('error');
    socket.on('data', (chunk: Buffer) => exchange!.data(chunk));
    socket.on('error', (err) => exchange!.fail(err));
    socket.on('close', () => exchange!.closed());
    let head = `${method} ${url} HTTP/1.1\r\n`;
    for (const [name, value] of Object.entries(headers))
      for (const v of Array.isArray(value) ? value : [value]) head += `${name}: ${v}\r\n`;
    if (!body) socket.write(`${head}\r\n`, 'latin1');
    else {
      socket.write(`${head}transfer-encoding: chunked\r\n\r\n`, 'latin1');
      const stream = body as Readable;
      stream.on('data', (chunk: Buffer) => {
        if (!chunk.length) return;
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        if (!socket.write('\r\n')) {
          stream.pause();
          socket.once('drain', () => stream.resume());
        }
      });
      stream.once('end', () => {
        sent = true;
        if (!socket.destroyed) socket.write('0\r\n\r\n');
      });
      stream.once('error', (err) => exchange!.fail(err));
      // A client that goes away mid-upload never ends its body: the function would wait for the rest.
      stream.once('close', () => sent || exchange!.fail(new Error('The request body ended early.')));
    }
    return { response, abort: () => exchange!.fail(new Error('aborted')) };
  }

  private open(): Socket {
    const socket = connect(this.socketPath);
    socket.setNoDelay(true);
    return socket;
  }

  private release(socket: Socket, exchange: Exchange) {
    socket.removeAllListeners('data').removeAllListeners('close').removeAllListeners('error');
    // A connection the runner closes while idle is simply dropped from the list.
    socket.on('error', () => undefined);
    socket.once('close', () => {
      const at = this.idle.indexOf(socket);
      if (at >= 0) this.idle.splice(at, 1);
    });
    if (exchange.reusable && !this.destroyed && !socket.destroyed) {
      socket.resume();
      this.idle.push(socket);
    } else socket.destroy();
  }

  destroy() {
    this.destroyed = true;
    for (const socket of this.idle.splice(0)) socket.destroy();
  }
}
