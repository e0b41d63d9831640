'use client';
// The event stream of one topic, newest first, asked again every few seconds while the page is open.
import { Select } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import useSWR from 'swr';

export const STREAM_REFRESH_MS = 3_000;

type StoredEvent = { id: string; topic: string; record: Record<string, unknown>; createdAt: number };

export function EventStream({
  topics,
  initial,
}: {
  topics: { topic: string; events: number }[];
  initial: string | null;
}) {
  const router = useRouter();
  const { data, error } = useSWR<{ events: StoredEvent[] }>(
    initial ? `/v1/stream/internal?topic=${encodeURIComponent(initial)}&limit=50` : null,
    { refreshInterval: STREAM_REFRESH_MS },
  );
  if (!initial) return <p className="text-sm text-muted">No events recorded yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Select
          aria-label="Topic"
          value={initial}
          onChange={(e) => router.push(`/admin/events?topic=${encodeURIComponent(e.target.value)}`)}
          controlSize="small"
          widthClass="w-64"
        >
          {topics.some((t) => t.topic === initial) || <option value={initial}>{initial}</option>}
          {topics.map((t) => (
            <option key={t.topic} value={t.topic}>
              {t.topic} ({t.events})
            </option>
          ))}
        </Select>
        <span className="text-xs text-muted">Refreshes every {STREAM_REFRESH_MS / 1000} s</span>
      </div>
      {error && <p className="text-sm text-red-700 dark:text-red-300">{error.message}</p>}
      <ol aria-label="Events" className="flex flex-col gap-2">
        {data?.events.map((e) => (
          <li key={e.id} className="rounded-lg border border-border p-3">
            <div className="mb-1 flex justify-between text-xs text-muted">
              <span className="font-mono">{e.id}</span>
              <time dateTime={new Date(e.createdAt).toISOString()}>{new Date(e.createdAt).toISOString()}</time>
            </div>
            <pre className="overflow-x-auto font-mono text-xs">{JSON.stringify(e.record, null, 2)}</pre>
          </li>
        ))}
      </ol>
      {data && !data.events.length && <p className="text-sm text-muted">No events on this topic.</p>}
    </div>
  );
}
