// /ship/contacts: who to write to about Ship: speaking, sponsoring, press, tickets and access.
import type { Metadata } from 'next';
import { PageIntro } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'Ship contacts',
  description:
    'Contact the Nimbus Ship team about speaking, sponsorship, press accreditation, tickets, accessibility and travel.',
};

const CONTACTS = [
  {
    topic: 'Speaking',
    email: 'ship-speakers@nimbus.dev',
    body: 'Propose a talk or a lightning talk. Tell us what you built, what went wrong and what you learned; first-time speakers get a rehearsal with our team.',
  },
  {
    topic: 'Sponsorship',
    email: 'ship-partners@nimbus.dev',
    body: 'Booths, session sponsorship and the community fund that pays travel for speakers from non-profits and open source projects.',
  },
  {
    topic: 'Press',
    email: 'press@nimbus.dev',
    body: 'Accreditation, embargoed announcements, interviews with speakers and the Nimbus team, and logos and photos.',
  },
  {
    topic: 'Tickets and invoices',
    email: 'ship@nimbus.dev',
    body: 'Ticket changes, group bookings, invoices and visa invitation letters.',
  },
  {
    topic: 'Accessibility',
    email: 'ship-access@nimbus.dev',
    body: 'Step-free access, live captions, sign language interpretation, quiet rooms and dietary needs. Tell us what you need; we will make it work.',
  },
];

export default function ShipContactsPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Nimbus Ship"
        title="Contacts"
        lead="Every address below reaches a person on the Ship team. We answer within two business days, faster in the week before the event."
      />
      <ul className="mx-auto grid max-w-6xl gap-4 px-6 md:grid-cols-2">
        {CONTACTS.map((contact) => (
          <li key={contact.topic} className="rounded-xl border border-border p-6">
            <h2 className="font-medium">{contact.topic}</h2>
            <p className="mt-2 text-sm leading-6 text-muted">{contact.body}</p>
            <a
              href={`mailto:${contact.email}`}
              className="mt-3 inline-block text-sm font-medium text-accent hover:underline"
            >
              {contact.email}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
