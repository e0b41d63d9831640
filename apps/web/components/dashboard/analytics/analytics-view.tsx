'use client';
// The Analytics tab's figures: totals, the chart, and a list per dimension whose rows filter the tab
// (filters are URL parameters, shown as removable chips). The server page reads the figures through
// services/web-analytics.ts for the period and filters of the URL.
import { Card } from '@nimbus/ui';
import Link from 'next/link';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { hrefWith, PeriodSwitch } from './shared';

export interface TopRow {
  value: string;
  visitors: number;
  pageviews: number;
  events: number;
}

export interface OverviewData {
  totals: { visitors: number; pageviews: number; bounceRate: number; events: number };
  series: { t: string; visitors: number; pageviews: number }[];
  top: Record<string, TopRow[]>;
  filters: { dimension: string; value: string }[];
}

const LISTS: { title: string; dimensions: { id: string; label: string }[] }[] = [
  {
    title: 'Pages',
    dimensions: [
      { id: 'path', label: 'Pages' },
      { id: 'route', label: 'Routes' },
    ],
  },
  { title: 'Referrers', dimensions: [{ id: 'referrer', label: 'Referrers' }] },
  {
    title: 'UTM parameters',
    dimensions: [
      { id: 'utm_source', label: 'Source' },
      { id: 'utm_medium', label: 'Medium' },
      { id: 'utm_campaign', label: 'Campaign' },
      { id: 'utm_content', label: 'Content' },
      { id: 'utm_term', label: 'Term' },
    ],
  },
  { title: 'Countries', dimensions: [{ id: 'country', label: 'Countries' }] },
  { title: 'Devices', dimensions: [{ id: 'device', label: 'Devices' }] },
  { title: 'Browsers', dimensions: [{ id: 'browser', label: 'Browsers' }] },
  { title: 'Operating systems', dimensions: [{ id: 'os', label: 'OS' }] },
];

const LABELS: Record<string, string> = {
  path: 'Page',
  route: 'Route',
  referrer: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_content: 'UTM content',
  utm_term: 'UTM term',
  device: 'Device',
  browser: 'Browser',
  os: 'OS',
  country: 'Country',
  event: 'Event',
};

const EMPTY: Record<string, string> = { referrer: '(direct)', country: '(unknown)', route: '(none)' };
const shown = (dimension: string, value: string) => value || EMPTY[dimension] || '(none)';
const number = new Intl.NumberFormat('en');

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border p-4">
      <span className="text-sm text-muted">{label}</span>
      <span className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function TopList({
  dimension,
  rows,
  link,
  metric,
}: {
  dimension: string;
  rows: TopRow[];
  link: (value: string) => string;
  metric: 'visitors' | 'events';
}) {
  const max = Math.max(1, ...rows.map((r) => r[metric]));
  if (!rows.length) return <p className="py-4 text-sm text-muted">No data for this period.</p>;
  return (
    <ul aria-label={LABELS[dimension]} className="flex flex-col gap-1 text-sm">
      {rows.map((r) => (
        <li key={r.value}>
          <Link
            href={link(r.value)}
            className="relative flex items-center justify-between gap-3 rounded px-2 py-1 hover:bg-subtle"
            title={`Filter by ${LABELS[dimension]?.toLowerCase()} ${shown(dimension, r.value)}`}
          >
            <span
              aria-hidden
              className="absolute inset-y-0 left-0 rounded bg-blue-600/10"
              style={{ width: `${(100 * r[metric]) / max}%` }}
            />
            <span className="relative truncate">{shown(dimension, r.value)}</span>
            <span className="relative tabular-nums text-muted">{number.format(r[metric])}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function AnalyticsView({
  base,
  params,
  period,
  data,
}: {
  base: string;
  params: Record<string, string>;
  period: string;
  data: OverviewData;
}) {
  const link = (dimension: string) => (value: string) => hrefWith(base, params, { [dimension]: value });
  const tick = (t: string) => (t.includes('T') ? t.slice(11, 16) : t.slice(5));
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodSwitch base={base} params={params} period={period} />
        {data.filters.length > 0 && (
          <ul aria-label="Filters" className="flex flex-wrap gap-2">
            {data.filters.map((f) => (
              <li key={f.dimension}>
                <Link
                  href={hrefWith(base, params, { [f.dimension]: null })}
                  className="inline-flex items-center gap-1 rounded-full border border-border bg-subtle px-3 py-1 text-sm hover:border-foreground"
                  aria-label={`Remove filter ${LABELS[f.dimension]}: ${shown(f.dimension, f.value)}`}
                >
                  {LABELS[f.dimension]}: {shown(f.dimension, f.value)} <span aria-hidden>×</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Stat label="Visitors" value={number.format(data.totals.visitors)} testId="stat-visitors" />
        <Stat label="Page views" value={number.format(data.totals.pageviews)} testId="stat-pageviews" />
        <Stat label="Bounce rate" value={`${Math.round(100 * data.totals.bounceRate)}%`} testId="stat-bounce" />
      </div>
      <Card>
        <div className="h-64 w-full" role="img" aria-label="Visitors and page views over time">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data.series} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.1} />
              <XAxis dataKey="t" tickFormatter={tick} fontSize={12} stroke="currentColor" strokeOpacity={0.5} />
              <YAxis allowDecimals={false} fontSize={12} width={40} stroke="currentColor" strokeOpacity={0.5} />
              <Tooltip />
              <Area
                type="monotone"
                dataKey="pageviews"
                name="Page views"
                stroke="#60a5fa"
                fill="#60a5fa"
                fillOpacity={0.15}
              />
              <Area
                type="monotone"
                dataKey="visitors"
                name="Visitors"
                stroke="#2563eb"
                fill="#2563eb"
                fillOpacity={0.3}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {LISTS.map((list) => (
          <Card key={list.title} title={list.title}>
            <div className="flex flex-col gap-4">
              {list.dimensions.map((d) => (
                <section key={d.id} aria-label={d.label}>
                  {list.dimensions.length > 1 && (
                    <h3 className="mb-1 text-xs font-medium uppercase text-muted">{d.label}</h3>
                  )}
                  <TopList dimension={d.id} rows={data.top[d.id] ?? []} link={link(d.id)} metric="visitors" />
                </section>
              ))}
            </div>
          </Card>
        ))}
        <Card title="Events" description="Custom events sent with track(name, properties).">
          <TopList dimension="event" rows={data.top.event ?? []} link={link('event')} metric="events" />
        </Card>
      </div>
    </div>
  );
}
