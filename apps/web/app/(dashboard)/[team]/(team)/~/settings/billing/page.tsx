// /{team}/~/settings/billing: the plan, its trial and limits, and the upgrade (spec 1, 3, 4). The
// API decides who may read billing (owners, billing and members); other roles get a note instead.

import type { TeamJson } from '@nimbus/api';
import { Notice } from '@nimbus/ui';
import type { Metadata } from 'next';
import { LimitsCard } from '@/components/dashboard/billing/limits-card';
import { PlanCard } from '@/components/dashboard/billing/plan-card';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { serverApi } from '@/lib/runtime';
import { getSession, getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };
type BillingReply = { billing: TeamJson['billing']; testMode: boolean };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Billing – ${(await params).team}` };
}

export default async function TeamBillingPage({ params }: Props) {
  if (!(await getSession())) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  const { status, data } = await serverApi<BillingReply>(`/v1/billing?teamId=${encodeURIComponent(team.id)}`);
  if (status === 403) {
    return (
      <Notice tone="note">
        Your role ({team.membership?.role ?? 'VIEWER'}) cannot see this team&apos;s billing. Ask an owner.
      </Notice>
    );
  }
  if (status !== 200) throw new Error(`Loading billing failed with status ${status}.`);
  return (
    <>
      <PlanCard team={team} billing={data.billing} testMode={data.testMode} now={Date.now()} />
      <LimitsCard plan={data.billing.plan} />
    </>
  );
}
