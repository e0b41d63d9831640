// /ship: Nimbus Ship, the yearly launch event: what it is, the next edition, and the 2024 programme
// with what was announced. The stage image goes through the image optimiser (/_next/image).
import type { Metadata } from 'next';
import Image from 'next/image';
import { ButtonLink, CardGrid, PageIntro, Section } from '@/components/marketing/sections';
import stage from '@/public/images/ship-stage.jpg';

export const metadata: Metadata = {
  title: 'Ship',
  description:
    'Nimbus Ship is our yearly day of launches and talks about building and hosting for the web. The 2024 programme, recordings and what is next.',
};

const ANNOUNCEMENTS = [
  {
    title: 'Coming: Conformance',
    body: 'The design of static checks after every build that will stop leaked secrets, source maps and broken configuration.',
    href: '/blog/introducing-conformance',
  },
  {
    title: 'Coming: a firewall',
    body: 'The design of rules that will deny, challenge and rate-limit at the edge, changed without a redeploy.',
    href: '/blog/introducing-the-nimbus-waf',
  },
  {
    title: 'Coming: feature flags',
    body: 'The design of flags per project, evaluated at the edge, with overrides for your own browser.',
    href: '/blog/feature-flags',
  },
  {
    title: 'PostgreSQL and split roles',
    body: 'From one process to forty: web, API, edge and workers on separate machines.',
    href: '/blog/self-hosting-nimbus-on-postgres',
  },
  {
    title: 'Vercel clients',
    body: 'The vercel CLI, @vercel/client and @vercel/sdk against a Nimbus server.',
    href: '/blog/using-the-vercel-cli-with-nimbus',
  },
  {
    title: 'Pro trial',
    body: 'Upgrading a Hobby team to Pro starts a 14-day trial without payment details.',
    href: '/pricing',
  },
];

const PROGRAMME = [
  ['09:30', 'Keynote: What happens when this gets big?', 'Elena Vasquez and the Nimbus founders'],
  ['10:45', 'The alias is the release', 'Mira Okafor'],
  ['11:30', 'Designing Conformance', 'Priya Raman'],
  ['12:15', 'Designing a firewall that never needs a redeploy', 'Jonah Feldt'],
  ['14:00', 'From one process to forty', 'Tomás Lindqvist'],
  ['14:45', 'Sandboxing builds you did not write', 'Build team'],
  ['15:30', 'Moving a monorepo of forty sites', 'Larkspur Labs platform team'],
  ['16:15', 'Designing flags for the edge', 'Kenji Arai'],
  ['17:00', 'Your Vercel tools, pointed at Nimbus', 'Sasha Novak'],
] as const;

export default function ShipPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Nimbus Ship"
        title="One day of launches for people who ship the web"
        lead="Ship is our yearly event: a keynote with everything new in Nimbus, talks from the engineers who built it and from teams who run it, in person and streamed."
      >
        <ButtonLink href="/ship/contacts">Get in touch about Ship</ButtonLink>
        <ButtonLink href="/blog/nimbus-ship-2024" variant="secondary">
          Read the 2024 recap
        </ButtonLink>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-6">
        <Image
          src={stage}
          alt="The Nimbus Ship stage: the cloud mark over a blue and violet glow"
          sizes="(min-width: 1152px) 1104px, 100vw"
          placeholder="blur"
          className="h-auto w-full rounded-2xl border border-border"
        />
      </div>
      <Section
        id="announced"
        title="Announced at Ship 2024"
        lead="23 October 2024, in person and streamed: a keynote, eleven sessions and one long debate about build caches."
      >
        <CardGrid items={ANNOUNCEMENTS} />
      </Section>
      <Section
        id="programme"
        title="The 2024 programme"
        lead="Recordings of every session are linked from the recap post."
      >
        <ol className="divide-y divide-border rounded-xl border border-border">
          {PROGRAMME.map(([time, title, speaker]) => (
            <li key={title} className="grid gap-1 px-6 py-4 sm:grid-cols-[6rem_1fr_16rem]">
              <span className="font-mono text-sm text-muted">{time}</span>
              <span className="font-medium">{title}</span>
              <span className="text-sm text-muted sm:text-right">{speaker}</span>
            </li>
          ))}
        </ol>
      </Section>
      <Section
        id="next"
        title="Ship next year"
        lead="The next edition is in the autumn, in Berlin and online. The call for speakers opens in spring: teams running Nimbus in production are especially welcome."
      >
        <ButtonLink href="/ship/contacts" variant="secondary">
          Propose a talk
        </ButtonLink>
      </Section>
    </main>
  );
}
