// Serves the REST API (and, through the runtime, the build worker) over real HTTP without Next.js,
// the way apps/web/server.ts does for API paths. Tests start it in-process with `serveApi`, or run
// this file as a child process (`node --import tsx test/api-server.ts`) to kill and restart it;
// the child prints `{"port":N}` on its first stdout line.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { stripApiPrefix } from '@nimbus/api';
import { loadConfig } from '../apps/web/server/config';
import { createRuntime } from '../apps/web/server/runtime';

export async function serveApi(
  fetch: (req: Request) => Response | Promise<Response>,
): Promise<{ port: number; close(): Promise<void> }> {
  const listener = getRequestListener(fetch);
  const server = createServer((req, res) => {
    req.url = stripApiPrefix(req.url ?? '/');
    return listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { port, close };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const runtime = await createRuntime(loadConfig(process.env));
  const served = await serveApi(runtime.api.fetch);
  console.log(JSON.stringify({ port: served.port }));
  process.once(
    'SIGTERM',
    () =>
      void served
        .close()
        .then(() => runtime.close())
        .then(() => process.exit(0)),
  );
}
