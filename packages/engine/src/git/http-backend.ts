// Git's smart HTTP protocol through `git http-backend`, Debian git's CGI program: the request's
// method, path and headers go in as CGI variables and its body on stdin; the reply's CGI headers
// (Status, Content-Type ...) come back on stdout ahead of the body. Spawned with an argument array
// and a clean environment (repo.ts), never a shell.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gitEnv } from './repo';

export interface BackendRequest {
  /** NIMBUS_GIT_DIR: the folder of the bare repositories. */
  root: string;
  /** `/<project id>.git/info/refs`, relative to root. */
  pathInfo: string;
  method: string;
  query: string;
  contentType?: string;
  contentEncoding?: string;
  /** The `Git-Protocol` header (protocol v2). */
  gitProtocol?: string;
  /** Who pushes: receive-pack refuses anonymous pushes. */
  remoteUser: string;
  remoteAddr?: string;
  body: ReadableStream<Uint8Array> | null;
}

export interface BackendResponse {
  status: number;
  headers: [string, string][];
  body: ReadableStream<Uint8Array>;
  /** Resolves with git's exit code once the process ended (the body was read to its end). */
  exited: Promise<number>;
}

let backend: string | null = null;
/** `$(git --exec-path)/git-http-backend`, looked up once. */
function backendPath(): string {
  backend ??= path.join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');
  return backend;
}

export function runHttpBackend(req: BackendRequest): Promise<BackendResponse> {
  const env: Record<string, string> = {
    ...gitEnv(req.root),
    GIT_PROJECT_ROOT: req.root,
    GIT_HTTP_EXPORT_ALL: '1',
    GIT_HTTP_MAX_REQUEST_BUFFER: '100M',
    PATH_INFO: req.pathInfo,
    REQUEST_METHOD: req.method,
    QUERY_STRING: req.query,
    REMOTE_USER: req.remoteUser,
    REMOTE_ADDR: req.remoteAddr ?? '127.0.0.1',
    CONTENT_TYPE: req.contentType ?? '',
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
  };
  if (req.contentEncoding) env.HTTP_CONTENT_ENCODING = req.contentEncoding;
  if (req.gitProtocol && /^[\w.=:-]+$/.test(req.gitProtocol)) env.GIT_PROTOCOL = req.gitProtocol;
  const child = spawn(backendPath(), [], { env: env as NodeJS.ProcessEnv });
  const exited = new Promise<number>((resolve) => {
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
  child.stderr.on('data', () => undefined);
  child.stdin.on('error', () => undefined);
  if (req.body) Readable.fromWeb(req.body as Parameters<typeof Readable.fromWeb>[0]).pipe(child.stdin);
  else child.stdin.end();

  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const crlf = head.indexOf('\r\n\r\n');
      const lf = head.indexOf('\n\n');
      const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
      if (end < 0) {
        if (head.length > 64 * 1024) reject(new Error('git http-backend sent no header end'));
        return;
      }
      child.stdout.off('data', onData);
      child.stdout.pause();
      const sep = end === crlf ? 4 : 2;
      const rest = head.subarray(end + sep);
      let status = 200;
      const headers: [string, string][] = [];
      for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
        const i = line.indexOf(':');
        if (i < 0) continue;
        const name = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 500;
        else headers.push([name, value]);
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (rest.length) controller.enqueue(new Uint8Array(rest));
          child.stdout.on('data', (c: Buffer) => controller.enqueue(new Uint8Array(c)));
          child.stdout.on('end', () => controller.close());
          child.stdout.on('error', (e: Error) => controller.error(e));
          child.stdout.resume();
        },
        cancel() {
          child.kill();
        },
      });
      resolve({ status, headers, body, exited });
    };
    child.stdout.on('data', onData);
    child.stdout.on('end', () => {
      if (head.indexOf('\n\n') < 0 && head.indexOf('\r\n\r\n') < 0) reject(new Error('git http-backend ended early'));
    });
    child.on('error', reject);
  });
}
