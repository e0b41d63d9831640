// The home page: what Nimbus is, how a deploy feels, what it does, who runs it, and where to start.
import type { Metadata } from 'next';
import { CUSTOMER_STORIES } from '@/components/marketing/customer-stories';
import { DashboardPreview } from '@/components/marketing/dashboard-preview';
import { DeployTranscript } from '@/components/marketing/deploy-transcript';
import { ButtonLink, CallToAction, CardGrid, PageIntro, Section } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: { absolute: 'Nimbus: build and host your sites, on our cloud or your servers' },
  description:
    'Nimbus turns a folder into a live URL: immutable deployments, instant rollbacks, previews for every change, and a REST API the Vercel CLI speaks. Self-hostable.',
};

const FEATURES = [
  {
    title: 'Immutable deployments',
    body: 'Every deploy gets its own URL and never changes. Production is an alias that points at one of them.',
    href: '/blog/immutable-deployments',
  },
  {
    title: 'Instant rollback',
    body: 'Promote and rollback move the alias. Nothing is rebuilt, so undoing a bad release takes a second.',
    href: '/guides/promote-and-rollback',
  },
  {
    title: 'Previews for every change',
    body: 'Each upload builds a preview with its own URL to share with reviewers before it reaches production.',
    href: '/docs/deployments',
  },
  {
    title: 'Every framework, built as Vercel builds it',
    body: "Every app goes through Vercel's own builders in a sandbox: the same framework presets, on Node.js 22 or 24, with npm, pnpm 6-10, yarn or bun chosen from your lockfile, and Flask, FastAPI or Django from your requirements.",
    href: '/docs/builds',
  },
  {
    title: 'Files and functions at the edge',
    body: 'ETags, brotli and immutable caching for hashed assets; Node.js, Python and Bun functions, server rendering and ISR in sandboxed runners that scale to zero, with the edge cache in front.',
    href: '/docs/functions',
  },
  {
    title: 'Teams and roles',
    body: 'Owners, members, developers, billing and viewers: one permission table, checked in one place.',
    href: '/docs/teams-and-roles',
  },
  {
    title: 'Vercel clients, unchanged',
    body: 'The vercel CLI, @vercel/client and @vercel/sdk work against Nimbus with a Nimbus token.',
    href: '/docs/vercel-clients',
  },
  {
    title: 'Self-host in one command',
    body: 'One Node process with an embedded PostgreSQL. Split into web, API, edge and worker roles when you grow.',
    href: '/docs/self-hosting',
  },
  {
    title: 'Secrets stay secret',
    body: 'Environment variables are encrypted at rest, per target, and only reach the builds and functions that need them.',
    href: '/docs/environment-variables',
  },
];

export default function HomePage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Hosting for teams that ship"
        title="Build and host your sites. One command to a live URL."
        lead="Nimbus builds what you upload, serves its files and runs its functions at its own address, and keeps every version. Run it on our cloud, or on your own servers with the same dashboard, CLI and API."
        visual={<DashboardPreview />}
      >
        <ButtonLink href="/signup">Start deploying</ButtonLink>
        <ButtonLink href="/docs/getting-started" variant="secondary">
          Read the docs
        </ButtonLink>
      </PageIntro>

      <Section
        id="deploy"
        title="How a deploy feels"
        lead="You run one command. Nimbus uploads only the files it has not seen, builds in a sandbox and answers with a URL. The whole thing usually takes less time than reading this paragraph."
      >
        <DeployTranscript />
      </Section>

      <Section
        id="features"
        title="Everything between your build and a live site"
        lead="The parts of hosting you would otherwise glue together yourself, designed as one product."
      >
        <CardGrid items={FEATURES} />
      </Section>

      <Section
        id="customers"
        title="Teams that run on Nimbus"
        lead="From a two-person studio to a public broadcaster with four hundred editors."
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {CUSTOMER_STORIES.slice(0, 3).map((story) => (
            <li key={story.company} className="flex flex-col rounded-xl border border-border p-6">
              <blockquote className="flex-1 text-sm leading-6">“{story.quote}”</blockquote>
              <p className="mt-4 text-sm font-medium">{story.person}</p>
              <p className="text-sm text-muted">{story.company}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <ButtonLink href="/customers" variant="secondary">
            Read their stories
          </ButtonLink>
        </p>
      </Section>

      <CallToAction />
    </main>
  );
}
