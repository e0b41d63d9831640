// /{team}/~/usage: the team's metered usage this month against what its plan includes (GET
// /v2/usage), charts by day and project, and spend management (/v1/budgets). Who may read it is the
// permission table's `billing:read`; changing the budget takes `billing:update`.
import { can, PLANS } from '@nimbus/core';
import { buttonClass, Notice } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { BudgetForm } from '@/components/dashboard/usage/budget-form';
import { METRIC_LABELS } from '@/components/dashboard/usage/format';
import { UsageView } from '@/components/dashboard/usage/usage-view';
import { budgets, teamContext, usage } from '@/lib/data';
import { getSession, getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Usage – ${(await params).team}` };
}

export default async function TeamUsagePage({ params }: Props) {
  if (!(await getSession())) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  const role = team.membership?.role ?? 'VIEWER';
  const main = (children: React.ReactNode) => (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      {children}
    </main>
  );
  if (!can(role, 'billing:read'))
    return main(<Notice tone="note">Your role ({role}) cannot see this team&apos;s usage. Ask an owner.</Notice>);
  const ctx = await teamContext(team.id);
  const [data, budget] = await Promise.all([usage.get(ctx, {}), budgets.get(ctx)]);
  const plan = PLANS[data.plan];
  return main(
    <>
      <PageHeader
        title="Usage"
        description={`${plan.name} plan · ${data.period.from} to ${data.period.to} (UTC) · updated every few seconds`}
        actions={
          <Link className={buttonClass()} href={`/${team.slug}/~/settings/billing`}>
            {data.plan === 'hobby' ? 'Upgrade to Pro' : 'Billing'}
          </Link>
        }
      />
      {data.limitedBy.length > 0 && (
        <Notice tone="warning">
          <p>
            This team used more than the {plan.name} plan includes this month:{' '}
            {data.limitedBy.map((m) => METRIC_LABELS[m as keyof typeof METRIC_LABELS] ?? m).join(', ')}. Upgrade to Pro
            to pay for usage past the included amounts.
          </p>
        </Notice>
      )}
      <UsageView data={data} />
      <BudgetForm teamId={team.id} data={budget} canEdit={can(role, 'billing:update')} />
    </>,
  );
}
