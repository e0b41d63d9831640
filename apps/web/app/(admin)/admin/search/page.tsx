// Search analytics of the docs search (services/insights.ts records them): the busiest queries with
// their clicks and conversions, and the events of one query.
import { AdminTable, offsetOf, one, Pager } from '@/components/admin/table';
import { formatDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { insights, staff } from '@/lib/data';
import { type SearchParams, staffContext } from '@/lib/staff';

export const metadata = { title: 'Search analytics – Staff console – Nimbus' };
const LIMIT = 25;

export default async function AdminSearch({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const params = await searchParams;
  const queryID = one(params.queryID)?.slice(0, 64);
  const [{ queries, pagination }, events] = await Promise.all([
    staff.searchQueries(ctx, { limit: LIMIT, offset: offsetOf(one(params.offset)) }),
    queryID ? insights.events(ctx, queryID) : null,
  ]);
  return (
    <>
      <PageHeader title="Search analytics" description="What people search for in the docs, and what they do next." />
      <AdminTable
        label="Top queries"
        columns={['Query', 'Index', 'Events', 'Clicks', 'Conversions', 'Last']}
        empty="No search events recorded yet."
        rows={queries.map((q) => ({
          key: q.queryID,
          cells: [
            <a key="q" href={`/admin/search?queryID=${encodeURIComponent(q.queryID)}`} className="font-mono text-xs">
              {q.queryID}
            </a>,
            q.index,
            q.events,
            q.clicks,
            q.conversions,
            formatDate(q.lastAt),
          ],
        }))}
      />
      <Pager path="/admin/search" params={{}} pagination={pagination} limit={LIMIT} />
      {events && (
        <section className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">Events of {queryID}</h2>
          <AdminTable
            label={`Events of ${queryID}`}
            columns={['Type', 'Name', 'Objects', 'User', 'When']}
            empty="No events for this query."
            rows={events.events.map((e) => ({
              key: e.id,
              cells: [e.eventType, e.eventName, e.objectIDs.join(', '), e.userToken, formatDate(e.timestamp)],
            }))}
          />
        </section>
      )}
    </>
  );
}
