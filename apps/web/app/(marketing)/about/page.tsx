// /about: why Nimbus exists, what we believe about hosting, and how we work.
import type { Metadata } from 'next';
import { CallToAction, CardGrid, PageIntro, Section } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'About',
  description:
    'Nimbus exists so every team can have the deploy experience of the best hosting platforms, on infrastructure they choose. Our story and what we believe.',
};

const PRINCIPLES = [
  {
    title: 'A deployment never changes',
    body: 'If something was live once, you can have it back, exactly. Everything else in Nimbus follows from that rule.',
  },
  {
    title: 'Your infrastructure is a choice',
    body: 'Our cloud and your servers run the same code. Moving between them is configuration, not a rewrite.',
  },
  {
    title: 'Compatible beats novel',
    body: 'We speak the REST API your tools already know, so your scripts and habits come with you.',
  },
  {
    title: 'Small enough to understand',
    body: 'One process by default. A person can follow a request from the front server to the database in five files.',
  },
];

export default function AboutPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="About"
        title="Great deploys should not depend on where you host"
        lead="Nimbus started as an internal tool at a public broadcaster that could not send its sites to a third-party cloud, and wanted the workflow everyone else had anyway."
      />
      <Section id="story" title="Our story">
        <div className="max-w-3xl space-y-4 leading-7">
          <p>
            In 2022 a small platform team was asked to move forty news and programme sites off an ageing fleet of
            servers. The developers wanted previews for every change and rollbacks in seconds, the kind of workflow they
            used for side projects. Legal wanted every byte to stay in the organisation&apos;s own data centre.
          </p>
          <p>
            So they built a hosting platform that did both: uploads addressed by content, immutable deployments,
            production as an alias, and an API close enough to the tools developers already used that their CI scripts
            kept working. It ran as one process on one server, and later on many.
          </p>
          <p>
            Other teams asked to use it. Nimbus became a company in 2023 to offer it as a hosted cloud and to support
            the organisations that run it themselves. The same code powers both.
          </p>
        </div>
      </Section>
      <Section id="principles" title="What we believe">
        <CardGrid items={PRINCIPLES} columns={2} />
      </Section>
      <Section
        id="company"
        title="The company"
        lead="Nimbus is a remote-first team of 34 people across nine countries, with hubs in Berlin and Toronto. We are funded by customers and a small group of engineering-led investors."
      >
        <dl className="grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
          {[
            ['2023', 'founded'],
            ['34', 'people'],
            ['9', 'countries'],
            ['1', 'codebase for cloud and self-hosted'],
          ].map(([value, label]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="order-first text-3xl font-semibold tracking-tight">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <CallToAction title="Build with us" lead="Try Nimbus on your next project, or join the team that builds it." />
    </main>
  );
}
