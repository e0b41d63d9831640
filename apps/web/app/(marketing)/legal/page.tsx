// /legal: the index of our legal documents.
import type { Metadata } from 'next';
import { CardGrid, PageIntro } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'Legal',
  description:
    'The terms of service and privacy policy of the Nimbus cloud, and how they apply to self-hosted installs.',
};

const DOCUMENTS = [
  {
    title: 'Terms of service',
    body: 'The agreement between you and Nimbus for using the Nimbus cloud: accounts, plans, acceptable use and liability.',
    href: '/legal/terms',
  },
  {
    title: 'Privacy policy',
    body: 'What personal data the Nimbus cloud and this website collect, why, how long we keep it and your rights.',
    href: '/legal/privacy',
  },
];

export default function LegalPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Legal"
        title="Legal"
        lead="These documents apply to the Nimbus cloud and this website. When you host Nimbus yourself, you are the operator: your own terms and policies apply to your users."
      />
      <div className="mx-auto max-w-6xl px-6">
        <CardGrid items={DOCUMENTS} columns={2} headingLevel={2} />
      </div>
    </main>
  );
}
