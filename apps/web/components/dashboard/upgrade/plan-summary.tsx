// What the upgrade costs and brings: Pro's features from the plan catalogue (the pricing page reads
// the same list), the seats in the cart and the monthly total after the trial.
import { PLANS, PRO_TRIAL_DAYS } from '@nimbus/core';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function PlanSummary({ seats, total, trial }: { seats: number; total: number; trial: boolean }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
        {PLANS.pro.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <svg
              aria-hidden
              viewBox="0 0 16 16"
              className="mt-0.5 size-4 shrink-0 text-accent"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
            >
              <path d="M3.5 8.5l3 3 6-7" />
            </svg>
            {feature}
          </li>
        ))}
      </ul>
      <hr className="border-border" />
      <dl className="flex items-baseline justify-between gap-4 text-sm">
        <dt className="text-muted">
          {seats} {seats === 1 ? 'member' : 'members'} × {usd.format(PLANS.pro.priceMonthly ?? 0)} per month
        </dt>
        <dd className="font-semibold">{usd.format(total)} / month</dd>
      </dl>
      {trial && (
        <p className="text-xs text-muted">
          A team's first upgrade starts with a {PRO_TRIAL_DAYS}-day free trial; you are billed when it ends.
        </p>
      )}
    </div>
  );
}
