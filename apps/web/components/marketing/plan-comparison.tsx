// The side-by-side comparison of plan limits, from the same PLANS the quota checks read.
import { PLAN_IDS, PLANS, type PlanLimits } from '@nimbus/core';
import { formatPrice } from './plan-cards';

const ROWS: { key: keyof PlanLimits; label: string; unit?: string }[] = [
  { key: 'teamMembers', label: 'Team members' },
  { key: 'projects', label: 'Projects' },
  { key: 'deploymentsPerDay', label: 'Deployments per day' },
  { key: 'concurrentBuilds', label: 'Concurrent builds' },
  { key: 'buildMinutesPerMonth', label: 'Build minutes per month' },
  { key: 'bandwidthGb', label: 'Bandwidth per month', unit: 'GB' },
  { key: 'auditLogRetentionDays', label: 'Audit log kept for', unit: 'days' },
  { key: 'analyticsRetentionDays', label: 'Web Analytics history', unit: 'days' },
];

const FEATURE_ROWS: { label: string; plans: readonly string[] }[] = [
  { label: 'Preview deployments and instant rollback', plans: PLAN_IDS },
  { label: 'Sandboxed builds and encrypted environment variables', plans: PLAN_IDS },
  { label: 'Two-factor authentication (TOTP) with recovery codes', plans: PLAN_IDS },
  { label: 'Web Analytics and Speed Insights', plans: PLAN_IDS },
  { label: 'Role-based access control', plans: ['pro', 'enterprise'] },
  { label: 'Owners can require two-factor authentication of every member', plans: ['pro', 'enterprise'] },
  { label: 'Shared team projects with a turn in the build queue', plans: ['pro', 'enterprise'] },
  { label: 'Support for self-hosted installs', plans: ['enterprise'] },
  { label: 'Uptime SLA', plans: ['enterprise'] },
];

function limit(value: number, unit?: string): string {
  if (value === Infinity) return 'Unlimited';
  return `${value.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;
}

export function PlanComparison() {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Plan comparison"
      className="relative overflow-x-auto rounded-xl border border-border"
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">Limits and features of the Hobby, Pro and Enterprise plans</caption>
        <thead>
          <tr className="bg-subtle">
            <th scope="col" className="px-5 py-3 font-medium">
              Plan
            </th>
            {PLAN_IDS.map((id) => (
              <th key={id} scope="col" className="px-5 py-3 font-medium">
                {PLANS[id].name} <span className="font-normal text-muted">{formatPrice(PLANS[id].priceMonthly)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.key} className="border-t border-border">
              <th scope="row" className="px-5 py-3 font-normal text-muted">
                {row.label}
              </th>
              {PLAN_IDS.map((id) => (
                <td key={id} className="px-5 py-3 tabular-nums">
                  {limit(PLANS[id].limits[row.key], row.unit)}
                </td>
              ))}
            </tr>
          ))}
          {FEATURE_ROWS.map((row) => (
            <tr key={row.label} className="border-t border-border">
              <th scope="row" className="px-5 py-3 font-normal text-muted">
                {row.label}
              </th>
              {PLAN_IDS.map((id) => (
                <td key={id} className="px-5 py-3">
                  <span aria-hidden="true" className={row.plans.includes(id) ? '' : 'text-muted'}>
                    {row.plans.includes(id) ? '✓' : '–'}
                  </span>
                  <span className="sr-only">{row.plans.includes(id) ? 'Included' : 'Not included'}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
