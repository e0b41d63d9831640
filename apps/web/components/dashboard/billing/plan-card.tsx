// The team's plan on the billing page: plan and status, the trial's dates and days left, the
// test-mode badge exactly when the server's Stripe key is a test key (docs/spec.md §1), and the way
// up: the upgrade modal for hobby teams whose role may bill, a note for everyone else. In self-hosted
// billing (no Stripe keys) it says that the operator manages billing.

import type { TeamJson } from '@nimbus/api';
import { can, PLANS, type PlanId, PRO_TRIAL_DAYS } from '@nimbus/core';
import { Badge, Card } from '@nimbus/ui';
import Link from 'next/link';
import { formatDate } from '../format';
import { TestModeBadge } from './test-mode-badge';
import { trialDaysLeft } from './trial-days';
import { UpgradeButton } from './upgrade-button';

type Props = {
  team: TeamJson;
  billing: TeamJson['billing'];
  testMode: boolean;
  mode: 'stripe' | 'self-hosted';
  now: number;
};

export function PlanCard({ team, billing, testMode, mode, now }: Props) {
  const plan = PLANS[billing.plan as PlanId];
  const trial =
    billing.status === 'trialing' && billing.trial?.start && billing.trial.end
      ? { start: billing.trial.start, end: billing.trial.end }
      : null;
  const role = team.membership?.role ?? 'VIEWER';
  return (
    <Card
      id="plan"
      title={
        <span className="flex flex-wrap items-center gap-2">
          {plan.name} plan
          <Badge tone={trial ? 'blue' : 'green'}>{trial ? 'Trialing' : 'Active'}</Badge>
          {testMode && <TestModeBadge />}
        </span>
      }
      description={plan.tagline}
      footer={<Footer team={team} plan={billing.plan} canUpgrade={can(role, 'billing:update')} />}
    >
      {mode === 'self-hosted' && (
        <p className="mb-3 text-sm text-muted" data-testid="self-hosted-billing">
          Billing is managed by the operator of this Nimbus: nothing is charged here, and paid plans are assigned by its
          staff. The {PRO_TRIAL_DAYS}-day Pro trial is open to every team.
        </p>
      )}
      {trial && (
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <Fact label="Trial started">{formatDate(trial.start)}</Fact>
          <Fact label="Trial ends">{formatDate(trial.end)}</Fact>
          <Fact label="Days left">{trialDaysLeft(trial.end, now)}</Fact>
        </dl>
      )}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium text-foreground">{children}</dd>
    </div>
  );
}

function Footer({ team, plan, canUpgrade }: { team: TeamJson; plan: string; canUpgrade: boolean }) {
  if (plan !== 'hobby') return <span>Billed per member each month. Contact sales for Enterprise.</span>;
  if (team.personal) {
    return (
      <>
        <span>Pro is for teams.</span>
        <Link href="/new/team" className="font-medium text-foreground underline-offset-4 hover:underline">
          Create a team
        </Link>
      </>
    );
  }
  if (!canUpgrade) return <span>Only owners and billing members can change the plan.</span>;
  return (
    <>
      <span>Upgrade for more builds, bandwidth and members.</span>
      <UpgradeButton teamSlug={team.slug} />
    </>
  );
}
