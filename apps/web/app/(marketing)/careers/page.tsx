// /careers: how we work and the roles we are hiring for.
import type { Metadata } from 'next';
import { CardGrid, PageIntro, Section } from '@/components/marketing/sections';
import { ZoneLink } from '@/components/marketing/zone-link';

export const metadata: Metadata = {
  title: 'Careers',
  description:
    'Join the remote-first team building Nimbus: open roles in engineering, developer relations and customer success, and how we work.',
};

const ROLES = [
  {
    title: 'Senior Software Engineer, Edge',
    team: 'Engineering',
    location: 'Remote (UTC−5 to UTC+3)',
    body: 'Make the part of Nimbus that serves every deployed file faster: caching, compression and Range requests.',
  },
  {
    title: 'Software Engineer, Builds',
    team: 'Engineering',
    location: 'Remote (Europe)',
    body: 'Own framework detection, sandboxed builds and the durable build queue that must never run a build twice.',
  },
  {
    title: 'Product Designer, Dashboard',
    team: 'Design',
    location: 'Berlin or remote',
    body: 'Design the dashboard, the docs and the design system that thousands of developers use every day.',
  },
  {
    title: 'Developer Advocate',
    team: 'Developer relations',
    location: 'Toronto or remote',
    body: 'Write guides, speak at events and turn what you learn from the community into product changes.',
  },
  {
    title: 'Solutions Engineer',
    team: 'Customer success',
    location: 'Remote (North America)',
    body: 'Help large organisations plan and run their move to Nimbus, on our cloud or their own.',
  },
];

const BENEFITS = [
  {
    title: 'Remote first',
    body: 'Work from anywhere in our time zones, with a yearly budget for a coworking space and two team weeks in person.',
  },
  {
    title: 'Learning',
    body: 'A personal budget for books, courses and conferences, and time in every cycle for work you choose.',
  },
  {
    title: 'Time off',
    body: 'Thirty days of paid holiday plus public holidays where you live, and a shutdown week at the end of the year.',
  },
  { title: 'Equity', body: 'Everyone owns part of Nimbus, with a ten-year window to exercise options if you leave.' },
];

export default function CareersPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Careers"
        title="Build the platform other teams build on"
        lead="We are a small team with a large surface: the edge, the builds, the API, the dashboard and the docs. Everyone here ships to production in their first week."
      />
      <Section id="roles" title="Open roles">
        <ul className="divide-y divide-border rounded-xl border border-border">
          {ROLES.map((role) => (
            <li key={role.title} className="grid gap-2 p-6 md:grid-cols-[1fr_14rem]">
              <div>
                <h3 className="font-medium">{role.title}</h3>
                <p className="mt-1 text-sm leading-6 text-muted">{role.body}</p>
              </div>
              <p className="text-sm text-muted md:text-right">
                {role.team}
                <br />
                {role.location}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted">
          To apply, write to jobs@nimbus.dev with the role in the subject. No cover letter needed; tell us about
          something you built. Do not see your role?{' '}
          <ZoneLink href="/contact" className="font-medium text-accent hover:underline">
            Get in touch
          </ZoneLink>{' '}
          anyway.
        </p>
      </Section>
      <Section id="benefits" title="How we work">
        <CardGrid items={BENEFITS} columns={2} />
      </Section>
    </main>
  );
}
