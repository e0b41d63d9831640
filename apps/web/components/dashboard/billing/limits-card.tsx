// The limits of the team's plan, from the same catalogue the pricing page and quota checks read.
import { PLANS, type PlanId } from '@nimbus/core';
import { Card } from '@nimbus/ui';

const number = new Intl.NumberFormat('en-US');
const show = (value: number, unit = '') => (value === Infinity ? 'Unlimited' : `${number.format(value)}${unit}`);

export function LimitsCard({ plan }: { plan: string }) {
  const { limits, name } = PLANS[plan as PlanId];
  const rows: [string, string][] = [
    ['Projects', show(limits.projects)],
    ['Deployments per day', show(limits.deploymentsPerDay)],
    ['Build minutes per month', show(limits.buildMinutesPerMonth)],
    ['Bandwidth per month', show(limits.bandwidthGb, ' GB')],
    ['Concurrent builds', show(limits.concurrentBuilds)],
    ['Team members', show(limits.teamMembers)],
  ];
  return (
    <Card id="limits" title="Usage limits" description={`What the ${name} plan includes.`}>
      <dl className="divide-y divide-border text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
