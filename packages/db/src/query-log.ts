// What drizzle calls before each statement it sends (its `logger`), for two listeners:
// - the auth cache (auth-cache.ts), which must hear of every write to the tables it reads;
// - an opt-in count of the queries one request makes, for the benches and debugging: a database
//   opened with `countQueries` adds one to the tally of the async context it runs in
//   (`countingQueries`). It only counts; it never changes a query. The tally's store lives on
//   `globalThis` because Next.js may load this package a second time for the dashboard, and both
//   copies must share it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';
import { noteStatement } from './auth-cache';

export interface QueryTally {
  queries: number;
}

const KEY = Symbol.for('nimbus.queryTally');
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<QueryTally> };
const tallies = (holder[KEY] ??= new AsyncLocalStorage<QueryTally>());

/** Runs `fn` with `tally` counting every query made on its behalf, including work it leaves running. */
export function countingQueries<T>(tally: QueryTally, fn: () => T): T {
  return tallies.run(tally, fn);
}

/** Adds one query to the current tally, if any. */
export function countQuery(): void {
  const tally = tallies.getStore();
  if (tally) tally.queries++;
}

/** The logger of a database; `count` when it was opened with `countQueries`. */
export function queryLogger(count: boolean): Logger {
  return {
    logQuery(sql) {
      noteStatement(sql);
      if (count) countQuery();
    },
  };
}
