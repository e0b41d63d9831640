// /legal/terms: the terms of service of the Nimbus cloud.

import { PLANS, PRO_TRIAL_DAYS } from '@nimbus/core';
import type { Metadata } from 'next';
import { LegalDocument } from '@/components/marketing/legal-document';

export const metadata: Metadata = {
  title: 'Terms of service',
  description:
    'The terms that govern use of the Nimbus cloud: accounts, teams, plans and trials, acceptable use, your content, availability and liability.',
};

const SECTIONS = [
  {
    id: 'accounts',
    title: 'Accounts',
    body: [
      'You need an account to use the Nimbus cloud. Give accurate information, keep your password and API tokens secret, and tell us at once if you think someone else has used them. You are responsible for what happens under your account and the tokens you create.',
    ],
  },
  {
    id: 'teams',
    title: 'Teams',
    body: [
      'Every account has a personal team. You may create further teams and invite others. The owners of a team decide who belongs to it and with which role, and are responsible for the projects, deployments and settings of the team.',
    ],
  },
  {
    id: 'plans',
    title: 'Plans, trials and payment',
    body: [
      `Teams start on the free ${PLANS.hobby.name} plan, which is for personal, non-commercial use. ${PLANS.pro.name} costs $${PLANS.pro.priceMonthly} per member per month; upgrading a ${PLANS.hobby.name} team to ${PLANS.pro.name} starts a ${PRO_TRIAL_DAYS}-day trial, after which the team is billed or returns to ${PLANS.hobby.name}. ${PLANS.enterprise.name} terms are agreed in a separate order form.`,
      'Fees are billed in advance for each month, are not refundable except where the law requires, and exclude taxes. If a payment fails, we will tell you and may move the team to Hobby after fourteen days.',
    ],
  },
  {
    id: 'content',
    title: 'Your content',
    body: [
      'You keep all rights to the code, files and data you upload. You give us the permission we need to store, build and serve them as you instruct, and nothing more. You confirm that you have the right to publish what you deploy.',
    ],
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: [
      'Do not use Nimbus to break the law, to host malware or phishing, to infringe the rights of others, to send spam, to attack other systems, or to get around the limits of your plan. We may suspend a deployment or an account that does, and will tell you why unless the law prevents it.',
    ],
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: [
      'We work to keep Nimbus available and fast, but unless you have an Enterprise SLA we do not promise a level of availability. We may change or remove features; for paid plans we give at least thirty days notice of changes that reduce what you pay for.',
    ],
  },
  {
    id: 'liability',
    title: 'Liability',
    body: [
      'Nimbus is provided as is. To the extent the law allows, our total liability for any claim is limited to what you paid us in the twelve months before it, and neither party is liable for indirect or consequential losses.',
    ],
  },
  {
    id: 'termination',
    title: 'Ending the agreement',
    body: [
      'You may delete your teams and account at any time. We may end these terms with thirty days notice, or at once for a serious breach. After an account is deleted, its deployments stop being served and its data is erased within thirty days.',
    ],
  },
  { id: 'contact', title: 'Contact', body: ['Questions about these terms: legal@nimbus.dev.'] },
];

export default function TermsPage() {
  return (
    <main id="main">
      <LegalDocument
        title="Terms of service"
        updated="1 November 2026"
        intro="These terms apply when you use the Nimbus cloud at nimbus.dev. If you run Nimbus on your own servers, they do not apply to you or your users."
        sections={SECTIONS}
      />
    </main>
  );
}
