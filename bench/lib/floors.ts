// The least any Node.js server can spend on a path, measured beside the real one so a goal can be
// read against what the runtime itself allows on this machine:
// - the net floor: a net.Server that parses nothing and writes one fixed HTTP reply per read (wrk
//   sends one request per read without pipelining). No HTTP parser, no lookup, no headers built:
//   what a Node.js process pays to read and write a socket;
// - the two-hop floor: a node:http server that forwards each request over a keep-alive agent to a
//   node:http server in a second process and pipes the answer back. Every design where a front
//   process sees each request (for its logs, firewall and metering) and another process runs the
//   handler pays at least this.
// Each floor runs in its own child process, so its CPU time is read from /proc beside wrk's load.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { treeCpuMicros } from './cpu';
import { waitForPort } from './net';

export interface Floor {
  cpuMicros(): number;
  stop(): Promise<void>;
}

async function startScript(source: string, port: number, onStop?: () => Promise<void>): Promise<Floor> {
  const child: ChildProcess = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([
    waitForPort(port),
    exited.then(() => Promise.reject(new Error('A floor server exited before it listened.'))),
  ]);
  return {
    cpuMicros: () => treeCpuMicros(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await onStop?.();
    },
  };
}

/** A net.Server answering every read with `body` as a 200 with the given content type. */
export function startNetFloor(port: number, body: Buffer, contentType: string): Promise<Floor> {
  const head = `HTTP/1.1 200 OK\\r\\nContent-Type: ${contentType}\\r\\nContent-Length: ${body.length}\\r\\nConnection: keep-alive\\r\\n`;
  return startScript(
    `const net = require('node:net');
const body = Buffer.from(${JSON.stringify(body.toString('base64'))}, 'base64');
let reply, second = -1;
net.createServer((socket) => {
  socket.setNoDelay(true);
  socket.on('data', () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      reply = Buffer.concat([Buffer.from('${head}Date: ' + new Date().toUTCString() + '\\r\\n\\r\\n'), body]);
    }
    socket.write(reply);
  });
  socket.on('error', () => {});
}).listen(${port}, '127.0.0.1');`,
    port,
  );
}

/**
 * A node:http front on `port` forwarding to a node:http server running `handlerSource` (a request
 * listener, as source) in a second process on a Unix socket.
 */
export async function startTwoHopFloor(port: number, handlerSource: string): Promise<Floor> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-floor-'));
  const socketPath = path.join(dir, 'handler.sock');
  return startScript(
    `const http = require('node:http');
const { spawn } = require('node:child_process');
const handler = spawn(process.execPath, ['-e', ${JSON.stringify(
      `require('node:http').createServer(${handlerSource}).listen(${JSON.stringify(socketPath)})`,
    )}], { stdio: 'inherit' });
process.on('SIGTERM', () => { handler.kill('SIGTERM'); process.exit(0); });
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const front = http.createServer((req, res) => {
  const upstream = http.request({ socketPath: ${JSON.stringify(socketPath)}, agent, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
(function wait() {
  require('node:fs').existsSync(${JSON.stringify(socketPath)}) ? front.listen(${port}, '127.0.0.1') : setTimeout(wait, 20);
})();`,
    port,
    () => rm(dir, { recursive: true, force: true }),
  );
}
