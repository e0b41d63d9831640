// /contact: the sales contact form. Leads are stored through the API with the company size, and
// staff list them with GET /api/v1/leads.
import type { Metadata } from 'next';
import { LeadForm } from '@/components/marketing/lead-form';
import { PageIntro } from '@/components/marketing/sections';
import { ZoneLink } from '@/components/marketing/zone-link';

export const metadata: Metadata = {
  title: 'Contact sales',
  description:
    'Talk to the Nimbus team about Pro for your team, Enterprise, self-hosting support or a migration. We reply within one business day.',
};

const OTHER_WAYS = [
  {
    title: 'Need help with a deployment?',
    body: 'The help centre covers failed builds and missing files step by step.',
    href: '/help',
    link: 'Visit the help centre',
  },
  {
    title: 'Want to see it first?',
    body: 'Book a personalised demo with an engineer, using your own sites.',
    href: '/contact/sales/demo',
    link: 'Request a demo',
  },
  {
    title: 'Found a security issue?',
    body: 'Report it privately; we answer within two business days.',
    href: '/security',
    link: 'Read our disclosure policy',
  },
];

export default function ContactPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Contact"
        title="Talk to our team"
        lead="Tell us about your sites and your team. Someone who knows Nimbus well, not a script, will reply within one business day."
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-6 lg:grid-cols-[2fr_1fr]">
        <LeadForm kind="sales" sourcePath="/contact" submitLabel="Send message" />
        <aside aria-label="Other ways to reach us" className="space-y-6">
          {OTHER_WAYS.map((way) => (
            <div key={way.title}>
              <h2 className="font-medium">{way.title}</h2>
              <p className="mt-1 text-sm text-muted">{way.body}</p>
              <ZoneLink href={way.href} className="mt-1 inline-block text-sm font-medium text-accent hover:underline">
                {way.link}
              </ZoneLink>
            </div>
          ))}
        </aside>
      </div>
    </main>
  );
}
