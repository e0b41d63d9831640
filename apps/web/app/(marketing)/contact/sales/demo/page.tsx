// /contact/sales/demo: where the demo popup's link and avatar lead (docs/spec.md §2). The request is stored
// as a lead of kind `demo`.
import type { Metadata } from 'next';
import { LeadForm } from '@/components/marketing/lead-form';
import { PageIntro } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'Request a demo',
  description:
    'A personalised 45-minute Nimbus demo with an engineer: your stack, your build times, previews and rollbacks, and what self-hosting would look like.',
};

const AGENDA = [
  'Your current setup: sites, frameworks, CI and where they are hosted',
  'A live deploy of one of your sites, with a preview URL and a rollback',
  'Teams and roles for your organisation',
  'Our cloud or self-hosted: what each means for your data and your operations',
  'Questions, pricing and a plan for a proof of concept',
];

export default function DemoPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Personalised demo"
        title="See Nimbus with your own sites"
        lead="Book 45 minutes with a Nimbus engineer. Tell us a little about your team and we will propose times within one business day."
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-6 lg:grid-cols-[2fr_1fr]">
        <LeadForm kind="demo" sourcePath="/contact/sales/demo" submitLabel="Request a demo" />
        <section aria-labelledby="agenda-title">
          <h2 id="agenda-title" className="font-medium">
            What we will cover
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-6 text-muted">
            {AGENDA.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </section>
      </div>
    </main>
  );
}
