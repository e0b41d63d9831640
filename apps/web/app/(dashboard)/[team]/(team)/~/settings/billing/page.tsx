// /{team}/~/settings/billing: the plan, its trial and limits, the upgrade, the card and invoices when
// Nimbus bills through Stripe, billing details, and cancelling Pro at the end of the period
// (docs/spec.md). The permission table decides who may read billing (owners, billing and members);
// other roles get a note instead.

import { can } from '@nimbus/core';
import { Notice } from '@nimbus/ui';
import type { Metadata } from 'next';
import { BillingDetailsForm } from '@/components/dashboard/billing/billing-details-form';
import { CancelCard } from '@/components/dashboard/billing/cancel-card';
import { InvoicesCard } from '@/components/dashboard/billing/invoices-card';
import { LimitsCard } from '@/components/dashboard/billing/limits-card';
import { PaymentMethodCard } from '@/components/dashboard/billing/payment-method-card';
import { PlanCard } from '@/components/dashboard/billing/plan-card';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { billing, stripeBilling, teamContext } from '@/lib/data';
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
  const ctx = await teamContext(team.id);
  const data = await billing.get(ctx);
  const details = await billing.getDetails(ctx);
  const canUpdate = can(role, 'billing:update');
  const stripe = data.mode === 'stripe';
  const [invoices, next] = stripe
    ? await Promise.all([stripeBilling.listInvoices(ctx), stripeBilling.nextInvoice(ctx)])
    : [null, null];
  return (
    <>
      <PlanCard team={team} billing={data.billing} testMode={data.testMode} mode={data.mode} now={Date.now()} />
      {stripe && (
        <PaymentMethodCard
          teamId={team.id}
          card={data.paymentMethod}
          publishableKey={data.publishableKey}
          canUpdate={canUpdate}
        />
      )}
      {invoices && next && <InvoicesCard invoices={invoices.invoices} next={next} />}
      <LimitsCard plan={data.billing.plan} />
      <BillingDetailsForm teamId={team.id} details={details} canEdit={canUpdate} />
      {data.billing.plan === 'pro' && (
        <CancelCard
          teamId={team.id}
          cancelAtPeriodEnd={data.cancelAtPeriodEnd}
          periodEnd={data.periodEnd}
          canUpdate={canUpdate}
        />
      )}
    </>
  );
}
