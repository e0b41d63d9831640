// /enterprise: what large organisations get beyond Pro, on our cloud or self-hosted. One of the
// demo popup's pages (15 s).

import { PLANS } from '@nimbus/core';
import type { Metadata } from 'next';
import { DemoPopup } from '@/components/marketing/demo-popup';
import { ButtonLink, CallToAction, CardGrid, PageIntro, Section } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'Enterprise',
  description:
    'Nimbus Enterprise: more concurrent builds, an uptime SLA, priority support and support for self-hosted installs on your own PostgreSQL and object storage.',
};

const CAPABILITIES = [
  {
    title: 'Roles for every job',
    body: 'Owners, members, developers, billing and viewers, checked by one permission table, API tokens that can be limited to one team, and SAML single sign-on through Okta, Microsoft Entra ID or Google Workspace, enforced when you choose.',
  },
  {
    title: 'A year of audit log',
    body: `Every change to members, tokens, projects, environment variables, deployments and settings, with who made it, when and from which address, kept ${PLANS.enterprise.limits.auditLogRetentionDays} days: filter it in the dashboard, download it as CSV or JSON, or read it through the API.`,
  },
  {
    title: 'More builds at once',
    body: `Up to ${PLANS.enterprise.limits.concurrentBuilds} builds of your team at the same time, and teams take turns in the build queue, so a busy day elsewhere never holds back your release.`,
  },
  {
    title: 'Uptime SLA',
    body: 'A contractual availability target for the edge and the API, with service credits, status notifications and named contacts.',
  },
  {
    title: 'Self-hosted, supported',
    body: 'Run Nimbus in your own network on PostgreSQL and S3-compatible storage, with our engineers on call for upgrades and incidents.',
  },
  {
    title: 'Priority support',
    body: 'A shared channel with the engineers who build Nimbus, response targets by severity and a quarterly architecture review.',
  },
];

const STEPS = [
  [
    'Discovery call',
    'We learn how you build and host today: how many sites, which frameworks, where your data must stay.',
  ],
  [
    'Proof of concept',
    'Your own sites on a trial Enterprise team or a self-hosted install in your network, for up to 30 days.',
  ],
  [
    'Migration plan',
    'Project by project, with previews side by side, and production switched only when your team is happy.',
  ],
  [
    'Go live',
    'Production moves by alias, so the switch and any rollback are instant. We stay on call for the first weeks.',
  ],
] as const;

export default function EnterprisePage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Enterprise"
        title="Nimbus for organisations with hundreds of sites and strict rules"
        lead="Everything in Pro, plus more concurrent builds, priority support and a contract with an SLA. On our cloud, or in your data centre with our support."
      >
        <ButtonLink href="/contact/sales/demo">Get a demo</ButtonLink>
        <ButtonLink href="/contact" variant="secondary">
          Contact sales
        </ButtonLink>
      </PageIntro>
      <Section id="capabilities" title="What Enterprise adds">
        <CardGrid items={CAPABILITIES} />
      </Section>
      <Section
        id="security"
        title="Security your reviewers will ask about"
        lead="Passwords hashed with Argon2, two-factor authentication that owners can require of every member, API tokens stored as SHA-256, environment variables encrypted with AES-256-GCM, builds in a sandbox, and every permission checked in one place."
      >
        <ButtonLink href="/security" variant="secondary">
          Read how Nimbus is secured
        </ButtonLink>
      </Section>
      <Section id="rollout" title="How a rollout goes">
        <ol className="grid gap-4 md:grid-cols-4">
          {STEPS.map(([title, body], index) => (
            <li key={title} className="rounded-xl border border-border p-6">
              <p className="font-mono text-xs text-muted">Step {index + 1}</p>
              <h3 className="mt-2 font-medium">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted">{body}</p>
            </li>
          ))}
        </ol>
      </Section>
      <CallToAction
        title="See Nimbus with your own sites"
        lead="A 45-minute session with an engineer: your stack, your build times, and what moving would take."
      />
      <DemoPopup path="/enterprise" />
    </main>
  );
}
