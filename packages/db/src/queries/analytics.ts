// Search analytics events (docs/spec.md §3): written in batches as the search-insights client sends them,
// read back per query for the docs search report and tests.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { newId } from '../ids';
import { searchEvents } from '../schema';

export type SearchEvent = typeof searchEvents.$inferSelect;
export type NewSearchEvent = Omit<typeof searchEvents.$inferInsert, 'id' | 'receivedAt'>;

export async function recordSearchEvents(db: Db, events: NewSearchEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await db
    .insert(searchEvents)
    .values(events.map((event) => ({ ...event, id: newId('sev') })))
    .returning({ id: searchEvents.id });
  return rows.length;
}

export async function searchEventsForQuery(db: Db, queryId: string): Promise<SearchEvent[]> {
  return db.select().from(searchEvents).where(eq(searchEvents.queryId, queryId)).orderBy(asc(searchEvents.occurredAt));
}
