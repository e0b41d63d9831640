// /events: Ship, our yearly conference, plus meetups, webinars and where to meet the team.
import type { Metadata } from 'next';
import { ButtonLink, PageIntro, Section } from '@/components/marketing/sections';
import { ZoneLink } from '@/components/marketing/zone-link';

export const metadata: Metadata = {
  title: 'Events',
  description:
    'Nimbus Ship, webinars, meetups and conferences where you can meet the Nimbus team and learn how others deploy.',
};

const UPCOMING = [
  {
    date: '2027-02-11',
    title: 'Webinar: From one server to split roles',
    place: 'Online',
    body: 'Move a self-hosted Nimbus to PostgreSQL and S3, then split web, API, edge and workers. Live, with questions.',
  },
  {
    date: '2027-03-04',
    title: 'Nimbus meetup Berlin',
    place: 'Berlin, Germany',
    body: 'Lightning talks from teams running Nimbus in production, and a look at what is next for the edge.',
  },
  {
    date: '2027-04-22',
    title: 'JSWorld Conference',
    place: 'Amsterdam, Netherlands',
    body: 'Find us at booth 14, and at the talk “Immutable deployments in practice”.',
  },
  {
    date: '2027-05-13',
    title: 'Webinar: Previews for content teams',
    place: 'Online',
    body: 'How editors review every change on its own preview URL before it goes live.',
  },
];

function formatDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export default function EventsPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Events"
        title="Meet the people who build and run Nimbus"
        lead="Ship, our yearly conference, webinars with the engineers behind each feature, and meetups with teams that run Nimbus in production."
      />
      <Section
        id="ship"
        title="Nimbus Ship"
        lead="One day of launches and talks about building and hosting for the web. Ship 2024 brought split roles and a path to PostgreSQL, and previewed what we are building next."
      >
        <div className="flex flex-wrap gap-3">
          <ButtonLink href="/ship">Visit the Ship site</ButtonLink>
          <ButtonLink href="/blog/nimbus-ship-2024" variant="secondary">
            Read the Ship 2024 recap
          </ButtonLink>
        </div>
      </Section>
      <Section id="upcoming" title="Upcoming">
        <ul className="divide-y divide-border rounded-xl border border-border">
          {UPCOMING.map((event) => (
            <li key={event.title} className="grid gap-2 p-6 md:grid-cols-[10rem_1fr]">
              <p className="text-sm text-muted">
                <time dateTime={event.date}>{formatDay(event.date)}</time>
                <br />
                {event.place}
              </p>
              <div>
                <h3 className="font-medium">{event.title}</h3>
                <p className="mt-1 text-sm leading-6 text-muted">{event.body}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted">
          Organising an event and want a Nimbus speaker?{' '}
          <ZoneLink href="/ship/contacts" className="font-medium text-accent hover:underline">
            Contact our events team
          </ZoneLink>
          .
        </p>
      </Section>
    </main>
  );
}
