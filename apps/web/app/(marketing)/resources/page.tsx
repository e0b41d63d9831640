// /resources: one place that points to everything there is to learn about Nimbus.
import type { Metadata } from 'next';
import { CardGrid, PageIntro, Section } from '@/components/marketing/sections';
import { listEntries } from '@/lib/content';

export const metadata: Metadata = {
  title: 'Resources',
  description:
    'Documentation, guides, the API reference, courses, the changelog and articles: everything there is to learn about Nimbus in one place.',
};

const START = [
  {
    title: 'Documentation',
    body: 'Concepts, configuration and every setting, from getting started to self-hosting at scale.',
    href: '/docs',
  },
  {
    title: 'API reference',
    body: 'Every endpoint of the REST API with its parameters and responses, generated from the server.',
    href: '/docs/api-reference',
  },
  {
    title: 'Guides',
    body: 'Step-by-step walkthroughs: deploy a Vite app, release and roll back, single-page app fallbacks.',
    href: '/guides',
  },
  { title: 'Help centre', body: 'What to do when a build fails or a deploy reports missing files.', href: '/help' },
  {
    title: 'Academy',
    body: 'Short courses that take you from a first deploy to running Nimbus for a whole organisation.',
    href: '/academy',
  },
  { title: 'Changelog', body: 'Every change you can notice, month by month.', href: '/changelog' },
];

export default function ResourcesPage() {
  const articles = listEntries('blog').map((post) => ({ title: post.title, body: post.description, href: post.href }));
  return (
    <main id="main">
      <PageIntro
        eyebrow="Resources"
        title="Learn Nimbus"
        lead="Whether you are deploying your first site or planning a migration of hundreds, start here."
      />
      <Section id="start" title="Where to start">
        <CardGrid items={START} />
      </Section>
      <Section id="articles" title="Articles">
        <CardGrid items={articles} />
      </Section>
    </main>
  );
}
