// Server-side access to the running Nimbus (database and API) created by server.ts. Server
// components call the API in-process, so every permission check stays in the API.
import 'server-only';
import { cookies, headers } from 'next/headers';
import type { Runtime } from '../server/runtime';

export function runtime(): Runtime {
  const r = globalThis.__nimbusRuntime;
  if (!r)
    throw new Error('The Nimbus runtime is not running. Start Nimbus with `npm start` (server.ts), not `next start`.');
  return r;
}

/** Calls the REST API in-process as the current browser session. */
export async function serverApi<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; data: T }> {
  const cookieHeader = (await cookies()).toString();
  const host = (await headers()).get('host') ?? 'localhost';
  const res = await runtime().api.request(`http://${host}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie: cookieHeader,
      host,
      origin: `http://${host}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const data = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
  return { status: res.status, data: data as T };
}
