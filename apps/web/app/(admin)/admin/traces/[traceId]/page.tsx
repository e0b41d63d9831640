// /admin/traces/<traceId> (staff only): one request's spans as a waterfall, from the front server
// through the API to the database, each with its attributes, and the server errors of the trace.
import type { Metadata } from 'next';
import { formatDuration, formatTime, StaffPage, staffOnly } from '@/components/admin-traces/staff-page';
import { traces } from '@/lib/data';

export const metadata: Metadata = { title: 'Trace', robots: { index: false } };

type Span = Awaited<ReturnType<typeof traces.get>>['spans'][number];

/** Which part of Nimbus made the span. */
function layerOf(span: Span): 'Front server' | 'API' | 'Database' | 'Other' {
  if (span.attributes['nimbus.root']) return 'Front server';
  if (span.attributes['db.system']) return 'Database';
  if (span.name.startsWith('API ')) return 'API';
  return 'Other';
}

/** Spans in tree order (parent before children, siblings by start), with their depth. */
function tree(spans: Span[]): { span: Span; depth: number }[] {
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string | null, Span[]>();
  for (const span of spans) {
    const parent = span.parentSpanId && ids.has(span.parentSpanId) ? span.parentSpanId : null;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const out: { span: Span; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const span of (children.get(parent) ?? []).sort((a, b) => a.offsetUs - b.offsetUs)) {
      out.push({ span, depth });
      walk(span.spanId, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export default async function TracePage({ params }: { params: Promise<{ traceId: string }> }) {
  const { traceId } = await params;
  const trace = await staffOnly((ctx) => traces.get(ctx, traceId));
  const rows = tree(trace.spans);
  const total = Math.max(1, ...trace.spans.map((s) => s.offsetUs + s.durationUs));
  return (
    <StaffPage title={`Trace ${trace.traceId}`}>
      {trace.errors.map((e) => (
        <div key={e.id} role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-sm">
          <p className="font-medium">
            {e.method} {e.path}: {e.message}
          </p>
          <p className="text-xs text-gray-700">
            {formatTime(e.createdAt)} UTC · {e.source} · request {e.requestId}
          </p>
          {e.stack && <pre className="mt-2 overflow-x-auto text-xs">{e.stack}</pre>}
        </div>
      ))}
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">This trace was not kept; only its server error is recorded.</p>
      ) : (
        <ol aria-label="Spans" className="text-sm">
          {rows.map(({ span, depth }) => (
            <li key={span.spanId} className="border-b py-1" data-layer={layerOf(span)}>
              <details>
                <summary className="grid cursor-pointer grid-cols-[22rem_1fr_6rem] items-center gap-2">
                  <span className="truncate" style={{ paddingLeft: `${depth * 1}rem` }}>
                    <span className="mr-2 inline-block w-24 text-xs text-gray-600">{layerOf(span)}</span>
                    <span className={span.status === 'error' ? 'text-red-700' : ''}>{span.name}</span>
                  </span>
                  <span className="relative h-3 rounded bg-gray-100" aria-hidden="true">
                    <span
                      className={`absolute top-0 h-3 rounded ${span.status === 'error' ? 'bg-red-500' : 'bg-blue-500'}`}
                      style={{
                        left: `${(span.offsetUs / total) * 100}%`,
                        width: `${Math.max(0.5, (span.durationUs / total) * 100)}%`,
                      }}
                    />
                  </span>
                  <span className="text-right tabular-nums">{formatDuration(span.durationUs)}</span>
                </summary>
                <dl className="my-2 grid grid-cols-[16rem_1fr] gap-x-4 gap-y-1 pl-6 text-xs">
                  <dt className="text-gray-600">span</dt>
                  <dd className="font-mono">
                    {span.spanId} ({span.kind}, {span.status})
                  </dd>
                  {Object.entries(span.attributes).map(([key, value]) => (
                    <div key={key} className="contents">
                      <dt className="text-gray-600">{key}</dt>
                      <dd className="font-mono break-all">{String(value)}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ol>
      )}
    </StaffPage>
  );
}
