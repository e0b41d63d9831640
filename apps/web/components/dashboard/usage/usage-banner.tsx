// The banner of every team page when usage or staff changed what the team may do: a frozen account
// (`billing.frozenTime`), production paused by the budget (`productionPaused`), or a Hobby team past
// its included usage (`limited`, `limitedBy`), each with why and what to do.
import type { TeamJson } from '@nimbus/api';
import { PLANS } from '@nimbus/core';
import Link from 'next/link';
import { METRIC_LABELS } from './format';

const link = 'font-medium underline underline-offset-4';

export function UsageBanner({ team }: { team: TeamJson }) {
  const usagePath = `/${team.slug}/~/usage`;
  let message: React.ReactNode = null;
  if (team.billing.frozenTime !== null) {
    message = (
      <>
        This account was frozen on {new Date(team.billing.frozenTime).toLocaleDateString('en-US')}: its deployments show
        a notice instead of their content. Contact Nimbus support to unfreeze it.
      </>
    );
  } else if (team.productionPaused) {
    message = (
      <>
        Production deployments are paused: this month&apos;s spend reached the team&apos;s budget.{' '}
        <Link className={link} href={usagePath}>
          Review usage and resume
        </Link>
      </>
    );
  } else if (team.limited) {
    const names = team.limitedBy.map((m) => METRIC_LABELS[m as keyof typeof METRIC_LABELS] ?? m).join(', ');
    message = (
      <>
        This team is limited: it used more than the {PLANS[team.billing.plan].name} plan includes this month ({names}).{' '}
        <Link className={link} href={`/${team.slug}/~/settings/billing`}>
          Upgrade to Pro
        </Link>{' '}
        or{' '}
        <Link className={link} href={usagePath}>
          see usage
        </Link>
        .
      </>
    );
  }
  if (!message) return null;
  return (
    <div
      role="status"
      data-testid="usage-banner"
      className="border-b border-amber-600/40 bg-amber-500/10 px-4 py-2 text-sm sm:px-6"
    >
      <p className="mx-auto max-w-6xl">{message}</p>
    </div>
  );
}
