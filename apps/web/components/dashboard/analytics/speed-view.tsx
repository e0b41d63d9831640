'use client';
// The Speed Insights tab: the real experience score, p75 of each vital coloured by its rating, the
// same per route and per device, and the trend of the score and vitals over the period.
import { VITAL_THRESHOLDS, type VitalMetric, type VitalRating } from '@nimbus/core';
import { Card, cx } from '@nimbus/ui';
import Link from 'next/link';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { hrefWith, PeriodSwitch } from './shared';

interface Vital {
  metric: VitalMetric;
  p75: number;
  samples: number;
  rating: VitalRating;
}
interface Scored {
  score: number | null;
  scoreRating: VitalRating | null;
  samples: number;
  vitals: Vital[];
}
export interface SpeedData extends Scored {
  routes: (Scored & { route: string })[];
  devices: (Scored & { device: string })[];
  series: (Scored & { t: string })[];
  weights: Record<string, number>;
}

const NAMES: Record<VitalMetric, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};
const COLOUR: Record<VitalRating, string> = {
  good: 'text-green-700 dark:text-green-400',
  'needs-improvement': 'text-amber-700 dark:text-amber-400',
  poor: 'text-red-700 dark:text-red-400',
};
const RATING: Record<VitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

const format = (metric: VitalMetric, value: number) =>
  metric === 'CLS' ? value.toFixed(2) : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;

function Score({ s }: { s: Scored }) {
  if (s.score === null) return <span className="text-muted">–</span>;
  return (
    <span className={cx('font-semibold tabular-nums', COLOUR[s.scoreRating!])} title={RATING[s.scoreRating!]}>
      {s.score}
    </span>
  );
}

function VitalCells({ s }: { s: Scored }) {
  return (
    <>
      {(Object.keys(NAMES) as VitalMetric[]).map((m) => {
        const v = s.vitals.find((x) => x.metric === m);
        return (
          <td key={m} className={cx('px-2 py-1 text-right tabular-nums', v && COLOUR[v.rating])}>
            {v ? format(m, v.p75) : '–'}
          </td>
        );
      })}
    </>
  );
}

function Table({ label, rows }: { label: string; rows: { key: string; link: string; s: Scored }[] }) {
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead className="text-xs text-muted">
        <tr>
          <th className="px-2 py-1 text-left">{label}</th>
          <th className="px-2 py-1 text-right">Score</th>
          {(Object.keys(NAMES) as VitalMetric[]).map((m) => (
            <th key={m} className="px-2 py-1 text-right" title={NAMES[m]}>
              {m}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-t border-border">
            <td className="px-2 py-1">
              <Link href={r.link} className="hover:underline">
                {r.key}
              </Link>
            </td>
            <td className="px-2 py-1 text-right">
              <Score s={r.s} />
            </td>
            <VitalCells s={r.s} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SpeedView({
  base,
  params,
  period,
  data,
}: {
  base: string;
  params: Record<string, string>;
  period: string;
  data: SpeedData;
}) {
  const trend = data.series.map((p) => ({
    t: p.t,
    score: p.score,
    ...Object.fromEntries(p.vitals.map((v) => [v.metric, v.p75])),
  }));
  const chips = (['route', 'device'] as const).filter((k) => params[k] !== undefined);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodSwitch base={base} params={params} period={period} />
        {chips.length > 0 && (
          <ul aria-label="Filters" className="flex flex-wrap gap-2">
            {chips.map((k) => (
              <li key={k}>
                <Link
                  href={hrefWith(base, params, { [k]: null })}
                  className="inline-flex items-center gap-1 rounded-full border border-border bg-subtle px-3 py-1 text-sm"
                  aria-label={`Remove filter ${k}: ${params[k]}`}
                >
                  {k}: {params[k]} <span aria-hidden>×</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
        <div className="flex flex-col gap-1 rounded-lg border border-border p-4">
          <span className="text-sm text-muted">Real Experience Score</span>
          <span className="text-3xl" data-testid="experience-score">
            <Score s={data} />
          </span>
        </div>
        {(Object.keys(NAMES) as VitalMetric[]).map((m) => {
          const v = data.vitals.find((x) => x.metric === m);
          const t = VITAL_THRESHOLDS[m];
          return (
            <div key={m} className="flex flex-col gap-1 rounded-lg border border-border p-4" title={NAMES[m]}>
              <span className="text-sm text-muted">{m} (p75)</span>
              <span
                className={cx('text-2xl font-semibold tabular-nums', v && COLOUR[v.rating])}
                data-testid={`vital-${m}`}
              >
                {v ? format(m, v.p75) : '–'}
              </span>
              <span className="text-xs text-muted">
                {v ? RATING[v.rating] : 'No samples'} · good ≤ {format(m, t.good)}
              </span>
            </div>
          );
        })}
      </div>
      <Card title="Trend" description="Score and p75 of each vital over the period.">
        <div className="h-64 w-full" role="img" aria-label="Experience score over time">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={trend} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.1} />
              <XAxis
                dataKey="t"
                fontSize={12}
                tickFormatter={(t: string) => (t.includes('T') ? t.slice(11, 16) : t.slice(5))}
              />
              <YAxis yAxisId="score" domain={[0, 100]} fontSize={12} width={32} />
              <YAxis yAxisId="ms" orientation="right" fontSize={12} width={48} />
              <Tooltip />
              <Line yAxisId="score" dataKey="score" name="Score" stroke="#16a34a" dot={false} />
              <Line yAxisId="ms" dataKey="LCP" stroke="#2563eb" dot={false} />
              <Line yAxisId="ms" dataKey="INP" stroke="#9333ea" dot={false} />
              <Line yAxisId="ms" dataKey="FCP" stroke="#f59e0b" dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <Card title="Routes">
        <Table
          label="Route"
          rows={data.routes.map((r) => ({ key: r.route, link: hrefWith(base, params, { route: r.route }), s: r }))}
        />
      </Card>
      <Card title="Devices">
        <Table
          label="Device"
          rows={data.devices.map((d) => ({ key: d.device, link: hrefWith(base, params, { device: d.device }), s: d }))}
        />
      </Card>
      <p className="text-xs text-muted">
        The score weighs each vital&apos;s p75 on Lighthouse&apos;s log-normal curve: LCP 30%, INP 30%, CLS 25%, FCP
        15%.
      </p>
    </div>
  );
}
