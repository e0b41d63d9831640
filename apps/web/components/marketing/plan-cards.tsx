// The three plans as cards, read from PLANS in @nimbus/core: the same catalogue billing and quota
// checks use, so the prices and limits advertised here are the ones enforced.
import { PLAN_IDS, PLANS, type PlanId, PRO_TRIAL_DAYS } from '@nimbus/core';
import { ButtonLink } from './sections';

const ACTIONS: Record<PlanId, { href: string; label: string; note: string }> = {
  hobby: { href: '/signup', label: 'Start deploying', note: 'No credit card' },
  pro: { href: '/signup?plan=pro', label: `Start a ${PRO_TRIAL_DAYS}-day trial`, note: 'Upgrade any Hobby team' },
  enterprise: { href: '/contact', label: 'Talk to sales', note: 'Annual contract' },
};

export function formatPrice(price: number | null): string {
  if (price === null) return 'Custom';
  return price === 0 ? '$0' : `$${price}`;
}

export function PlanCards() {
  return (
    <ul className="grid gap-4 lg:grid-cols-3">
      {PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        const action = ACTIONS[id];
        const featured = id === 'pro';
        return (
          <li
            key={id}
            className={`flex flex-col rounded-2xl border p-7 ${featured ? 'border-foreground' : 'border-border'}`}
          >
            <h2 className="text-lg font-semibold">{plan.name}</h2>
            <p className="mt-1 min-h-12 text-sm text-muted">{plan.tagline}</p>
            <p className="mt-6">
              <span className="text-4xl font-semibold tracking-tight">{formatPrice(plan.priceMonthly)}</span>
              {plan.priceMonthly !== null && (
                <span className="text-sm text-muted">
                  {plan.priceMonthly === 0 ? ' forever' : ' per member / month'}
                </span>
              )}
            </p>
            <div className="mt-6">
              <ButtonLink href={action.href} variant={featured ? 'primary' : 'secondary'}>
                {action.label}
              </ButtonLink>
              <p className="mt-2 text-xs text-muted">{action.note}</p>
            </div>
            <ul className="mt-6 space-y-2.5 border-t border-border pt-6 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <svg
                    viewBox="0 0 16 16"
                    width="16"
                    height="16"
                    aria-hidden="true"
                    className="mt-0.5 shrink-0 text-accent"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M3 8.5l3 3 7-7" />
                  </svg>
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
