// /{team}/~/settings/billing: the plan, its trial and limits, and the upgrade (docs/spec.md). The
// permission table decides who may read billing (owners, billing and members); other roles get a
// note instead.

import { can } from '@nimbus/core';
import { Notice } from '@nimbus/ui';
import type { Metadata } from 'next';
import { LimitsCard } from '@/components/dashboard/billing/limits-card';
import { PlanCard } from '@/components/dashboard/billing/plan-card';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { billing, teamContext } from '@/lib/data';
import { getSession, getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Billing – ${(await params).team}` };
}

export default async function TeamBillingPage({ params }: Props) {
  if (!(await getSession())) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  const role = team.membership?.role ?? 'VIEWER';
  if (!can(role, 'billing:read')) {
    return <Notice tone="note">Your role ({role}) cannot see this team&apos;s billing. Ask an owner.</Notice>;
  }
  const data = await billing.get(await teamContext(team.id));
  return (
    <>
      <PlanCard team={team} billing={data.billing} testMode={data.testMode} now={Date.now()} />
      <LimitsCard plan={data.billing.plan} />
    </>
  );
}
