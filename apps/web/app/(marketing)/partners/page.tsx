// /partners: agencies, technology and infrastructure partners, and how to become one.
import type { Metadata } from 'next';
import { ButtonLink, CardGrid, PageIntro, Section } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'Partners',
  description:
    'Agencies that build on Nimbus, infrastructure providers that run it, and technology partners that integrate with it. Join the Nimbus partner programme.',
};

const PROGRAMMES = [
  {
    title: 'Solution partners',
    body: 'Agencies and consultancies that build and migrate sites on Nimbus for their clients. Partners get a Pro team for their own work, early access to features and leads from our sales team.',
  },
  {
    title: 'Infrastructure partners',
    body: 'Cloud and hosting providers that offer Nimbus as a managed service or as a one-click install, with a validated reference architecture for PostgreSQL and S3-compatible storage.',
  },
  {
    title: 'Technology partners',
    body: 'Frameworks, CMSs and tools that integrate with the Nimbus REST API: deploy hooks, preview links in pull requests, log drains and content previews.',
  },
];

const DIRECTORY = [
  {
    title: 'Tallgrass Studio',
    body: 'Design and development agency, Chicago. Marketing sites and design systems; 30 client teams on Nimbus.',
  },
  {
    title: 'Baltic Cloud Works',
    body: 'Managed Nimbus on sovereign infrastructure in Estonia and Finland, with PostgreSQL and object storage included.',
  },
  {
    title: 'Quire CMS',
    body: 'Headless CMS with content previews: every draft opens on its own Nimbus preview deployment.',
  },
  {
    title: 'Lumen Digital',
    body: 'Consultancy for public-sector web platforms in the Netherlands and Belgium; self-hosted migrations.',
  },
  { title: 'Stackyard', body: 'Infrastructure-as-code modules that deploy a split-role Nimbus on Kubernetes.' },
  { title: 'Marginalia', body: 'Documentation sites for open source projects, built with Astro and hosted on Nimbus.' },
];

export default function PartnersPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Partners"
        title="Build, run and integrate with Nimbus"
        lead="Our partners help organisations move to Nimbus, run it where their data must live, and connect it to the rest of their stack."
      >
        <ButtonLink href="/contact">Become a partner</ButtonLink>
      </PageIntro>
      <Section id="programmes" title="Partner programmes">
        <CardGrid items={PROGRAMMES} />
      </Section>
      <Section id="directory" title="Partner directory">
        <CardGrid items={DIRECTORY} />
      </Section>
    </main>
  );
}
