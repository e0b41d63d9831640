// /admin/traces (staff only): recent kept traces with those that failed first, and the server
// errors recorded by the API and the front server, each linked to its trace-id page.
import type { Metadata } from 'next';
import Link from 'next/link';
import { formatDuration, formatTime, StaffPage, staffOnly } from '@/components/admin-traces/staff-page';
import { traces } from '@/lib/data';

export const metadata: Metadata = { title: 'Traces', robots: { index: false } };

export default async function TracesPage() {
  const { traces: list, errors } = await staffOnly((ctx) => traces.list(ctx));
  return (
    <StaffPage title="Traces">
      <section aria-labelledby="server-errors" className="mb-10">
        <h2 id="server-errors" className="mb-3 text-lg font-medium">
          Server errors
        </h2>
        {errors.length === 0 ? (
          <p className="text-sm text-gray-600">No server errors recorded in the last few days.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b text-gray-600">
                <th className="py-2 pr-4 font-medium">Time (UTC)</th>
                <th className="py-2 pr-4 font-medium">Request</th>
                <th className="py-2 pr-4 font-medium">Message</th>
                <th className="py-2 font-medium">Trace</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e) => (
                <tr key={e.id} className="border-b align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatTime(e.createdAt)}</td>
                  <td className="py-2 pr-4">
                    <code>
                      {e.method} {e.path}
                    </code>
                    <div className="text-xs text-gray-600">
                      {e.source} · {e.requestId}
                    </div>
                  </td>
                  <td className="py-2 pr-4 break-all">{e.message}</td>
                  <td className="py-2">
                    {e.traceId ? (
                      <Link className="font-mono text-xs underline" href={`/admin/traces/${e.traceId}`}>
                        {e.traceId}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="kept-traces">
        <h2 id="kept-traces" className="mb-3 text-lg font-medium">
          Kept traces
        </h2>
        {list.length === 0 ? (
          <p className="text-sm text-gray-600">No traces kept yet (tracing may be off: NIMBUS_TRACING).</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b text-gray-600">
                <th className="py-2 pr-4 font-medium">Started (UTC)</th>
                <th className="py-2 pr-4 font-medium">Request</th>
                <th className="py-2 pr-4 font-medium">Kind</th>
                <th className="py-2 pr-4 font-medium">Duration</th>
                <th className="py-2 pr-4 font-medium">Spans</th>
                <th className="py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.map((t) => (
                <tr key={t.traceId} className="border-b">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatTime(t.startedAt)}</td>
                  <td className="py-2 pr-4">
                    <Link className="underline" href={`/admin/traces/${t.traceId}`}>
                      {t.name}
                    </Link>
                    {t.error && <div className="text-xs text-red-700">{t.error}</div>}
                  </td>
                  <td className="py-2 pr-4">{t.kind}</td>
                  <td className="py-2 pr-4">{formatDuration(t.durationUs)}</td>
                  <td className="py-2 pr-4">{t.spans}</td>
                  <td className={`py-2 ${t.status === 'error' ? 'text-red-700' : ''}`}>{t.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </StaffPage>
  );
}
