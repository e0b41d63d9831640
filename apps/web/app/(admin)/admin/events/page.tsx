// The internal event stream (GET /v1/stream/internal) by topic, newest first, refreshed as it grows.
import { EventStream } from '@/components/admin/event-stream';
import { one } from '@/components/admin/table';
import { PageHeader } from '@/components/dashboard/page-header';
import { staff } from '@/lib/data';
import { type SearchParams, staffContext } from '@/lib/staff';

export const metadata = { title: 'Event stream – Staff console – Nimbus' };

export default async function AdminEvents({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const { topics } = await staff.streamTopics(ctx);
  const wanted = one((await searchParams).topic);
  return (
    <>
      <PageHeader title="Event stream" description="Activity records sent to /api/stream/internal, redacted." />
      <EventStream topics={topics} initial={wanted ?? topics[0]?.topic ?? null} />
    </>
  );
}
