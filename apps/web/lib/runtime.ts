// Server-side access to the running Nimbus (database, engine, API options) created by server.ts.
// Server components reach data through lib/data.ts, which builds service contexts from it.
import 'server-only';
import type { Runtime } from '../server/runtime';

export function runtime(): Runtime {
  const r = globalThis.__nimbusRuntime;
  if (!r)
    throw new Error('The Nimbus runtime is not running. Start Nimbus with `npm start` (server.ts), not `next start`.');
  return r;
}
