// With NIMBUS_COUNT_QUERIES=1 (benchmarks, debugging), each response says how many database queries
// it took: `db;desc="queries";dur=<n>` in its Server-Timing header, counted up to the moment the
// headers leave (a page that streams after them may make more). Off by default; counting changes
// no query (packages/db/src/query-log.ts).
import type { ServerResponse } from 'node:http';
import { countingQueries } from '@nimbus/db';

/** Runs `handle` counting the queries made on its behalf, and adds the count to the response's Server-Timing. */
export function countQueriesOf<T>(res: ServerResponse, handle: () => T): T {
  const tally = { queries: 0 };
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    if (!this.headersSent) {
      const entry = `db;desc="queries";dur=${tally.queries}`;
      const prior = this.getHeader('server-timing');
      this.setHeader('server-timing', prior ? `${prior}, ${entry}` : entry);
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
  return countingQueries(tally, handle);
}
