'use client';
// The team's metered usage this month (GET /v2/usage): each metric against what the plan includes,
// a daily chart of the chosen metric, and the projects that used the most.
import type { UsageMetric } from '@nimbus/core';
import { Card } from '@nimbus/ui';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dollars, formatMetric, METRIC_LABELS } from './format';

export interface UsageData {
  period: { from: string; to: string };
  plan: string;
  limitedBy: string[];
  metrics: { metric: UsageMetric; used: number; included: number | null; overageCents: number }[];
  costCents: number;
  byDay: Record<string, number | string | null>[];
  byProject: Record<string, number | string | null>[];
}

export function UsageView({ data }: { data: UsageData }) {
  const [metric, setMetric] = useState<UsageMetric>('edge_requests');
  const top = [...data.byProject].sort((a, b) => Number(b[metric] ?? 0) - Number(a[metric] ?? 0)).slice(0, 10);
  return (
    <div className="flex flex-col gap-6">
      <ul aria-label="Usage by metric" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.metrics.map((line) => {
          const share = line.included ? Math.min(1, line.used / line.included) : 0;
          const over = line.included !== null && line.used > line.included;
          return (
            <li key={line.metric} data-testid={`usage-${line.metric}`}>
              <button
                type="button"
                onClick={() => setMetric(line.metric)}
                aria-pressed={metric === line.metric}
                className={`flex w-full flex-col gap-2 rounded-lg border p-4 text-left ${metric === line.metric ? 'border-foreground' : 'border-border'}`}
              >
                <span className="text-sm text-muted">{METRIC_LABELS[line.metric]}</span>
                <span className="text-xl font-semibold" data-testid="usage-used">
                  {formatMetric(line.metric, line.used)}
                </span>
                <span className="text-xs text-muted">
                  of {formatMetric(line.metric, line.included)} included
                  {line.overageCents > 0 && ` · ${dollars(line.overageCents)} over`}
                </span>
                {line.included !== null && (
                  <span className="h-1.5 w-full overflow-hidden rounded bg-subtle" aria-hidden>
                    <span
                      className={`block h-full ${over ? 'bg-red-600' : 'bg-blue-600'}`}
                      style={{ width: `${Math.max(share * 100, line.used > 0 ? 1 : 0)}%` }}
                    />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <Card title={`${METRIC_LABELS[metric]} by day`}>
        <div className="h-64 w-full" role="img" aria-label={`${METRIC_LABELS[metric]} by day`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data.byDay} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.1} />
              <XAxis
                dataKey="day"
                tickFormatter={(day: string) => day.slice(5)}
                fontSize={12}
                stroke="currentColor"
                strokeOpacity={0.5}
              />
              <YAxis
                fontSize={12}
                width={72}
                stroke="currentColor"
                strokeOpacity={0.5}
                tickFormatter={(v: number) => formatMetric(metric, v)}
              />
              <Tooltip formatter={(v) => formatMetric(metric, Number(v))} />
              <Bar dataKey={metric} name={METRIC_LABELS[metric]} fill="#2563eb" />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <Card title="By project">
        {top.length ? (
          <table className="w-full text-sm" aria-label="Usage by project">
            <thead>
              <tr className="text-left text-muted">
                <th className="py-1 font-normal">Project</th>
                <th className="py-1 text-right font-normal">{METRIC_LABELS[metric]}</th>
              </tr>
            </thead>
            <tbody>
              {top.map((row) => (
                <tr key={String(row.projectId)} className="border-t border-border">
                  <td className="py-1">{row.name ?? `${row.projectId} (removed)`}</td>
                  <td className="py-1 text-right tabular-nums">{formatMetric(metric, Number(row[metric] ?? 0))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-muted">No usage yet this month.</p>
        )}
      </Card>
    </div>
  );
}
