// /pricing: the plans from PLANS (the billing catalogue), a comparison table and the questions
// people ask before they pay. One of the demo popup's pages (15 s).

import { PLANS, PRO_TRIAL_DAYS } from '@nimbus/core';
import type { Metadata } from 'next';
import { DemoPopup } from '@/components/marketing/demo-popup';
import { Faq } from '@/components/marketing/faq';
import { PlanCards } from '@/components/marketing/plan-cards';
import { PlanComparison } from '@/components/marketing/plan-comparison';
import { CallToAction, PageIntro, Section } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'Pricing',
  description: `Hobby is free forever, Pro is $${PLANS.pro.priceMonthly} per member per month with a ${PRO_TRIAL_DAYS}-day trial, and Enterprise is priced for your organisation. Compare plan limits and features.`,
};

const FAQ = [
  {
    question: 'How does the Pro trial work?',
    answer: `Every team starts on Hobby. When you upgrade a Hobby team to Pro, the first ${PRO_TRIAL_DAYS} days are a free trial with every Pro feature. If you do not add a payment method by the end of the trial, the team returns to Hobby; your projects and deployments stay.`,
  },
  {
    question: 'What counts as a team member?',
    answer:
      'Anyone with a role in the team: OWNER, MEMBER, DEVELOPER, BILLING or VIEWER. Pro is billed per member per month, pro-rated when people join or leave.',
  },
  {
    question: 'What happens when I reach a limit?',
    answer:
      'New deployments or builds over a limit are refused or queued with a message that names the limit. Sites that are already live keep serving: reaching a limit never takes a site down.',
  },
  {
    question: 'Can I self-host Nimbus instead?',
    answer:
      'Yes. Nimbus runs as one Node.js process with an embedded database, and scales out to PostgreSQL, S3-compatible storage and separate roles. The plans on this page are for our hosted cloud; Enterprise also covers support for self-hosted installs.',
  },
  {
    question: 'Can I move projects between my personal account and a team?',
    answer:
      'Yes. Projects can be transferred between accounts and teams you own. If you move a project from a Hobby account to a Pro team, Pro limits apply from the moment it arrives.',
  },
  {
    question: 'Can a Hobby account have collaborators?',
    answer: `Hobby is for one person: a Hobby team has ${PLANS.hobby.limits.teamMembers} member. To work with others, create a team and upgrade it to Pro; the trial lets you try it with your colleagues first.`,
  },
];

export default function PricingPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Pricing"
        title="Start free. Pay when your team grows."
        lead={`Hobby is free forever for personal projects. Pro adds teams, roles and higher limits for $${PLANS.pro.priceMonthly} per member per month, with a ${PRO_TRIAL_DAYS}-day trial when you upgrade. Enterprise adds more concurrent builds, priority support and an SLA.`}
      />
      <div className="mx-auto max-w-6xl px-6">
        <PlanCards />
      </div>
      <Section
        id="compare"
        title="Compare plans"
        lead="Limits apply per team. Unlimited means no limit is enforced; fair use still applies on our cloud."
      >
        <PlanComparison />
      </Section>
      <Section id="faq" title="Frequently asked questions">
        <Faq items={FAQ} />
      </Section>
      <CallToAction
        title="Questions about a larger rollout?"
        lead="We help teams of hundreds move their sites to Nimbus, on our cloud or theirs."
      />
      <DemoPopup path="/pricing" />
    </main>
  );
}
