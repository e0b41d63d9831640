// /legal/privacy: what personal data the Nimbus cloud and this site collect, including the cookies
// and local storage the site itself uses (theme, search analytics, the demo popup).
import type { Metadata } from 'next';
import { LegalDocument } from '@/components/marketing/legal-document';

export const metadata: Metadata = {
  title: 'Privacy policy',
  description:
    'What personal data Nimbus collects on the cloud and this website, why, how long we keep it, the cookies we set, and your rights.',
};

const SECTIONS = [
  {
    id: 'who',
    title: 'Who we are',
    body: ['Nimbus is the controller of the personal data described here. You can reach us at privacy@nimbus.dev.'],
  },
  {
    id: 'data',
    title: 'What we collect',
    body: [
      'Account data: your e-mail address, name, username and a hash of your password; the teams you belong to and your role in each.',
      'Usage data: deployments, build logs and settings you create; the IP address and browser of requests to the dashboard and API, kept for security.',
      'Contact forms: when you write to sales or request a demo, we store your name, work e-mail, company, company size and message.',
      'Documentation search: which results were shown, clicked and found helpful, linked to a random anonymous identifier, and to your user id when you are signed in.',
    ],
  },
  {
    id: 'purposes',
    title: 'Why we use it',
    body: [
      'To provide the service you signed up for, to secure it, to answer your questions, and to improve the documentation. We do not sell personal data and we do not use it for advertising.',
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: [
      'nimbus_session (httpOnly) keeps you signed in; isLoggedIn and scope remember that you are signed in and which team you last used.',
      '_ALGOLIA holds the anonymous identifier of documentation search analytics for 180 days.',
      'Local storage keeps your theme choice and, on some pages, whether you closed the demo invitation, for at most 90 days.',
    ],
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: [
      'Account and usage data for as long as your account exists, and thirty days after. Contact form entries for two years. Search analytics for thirteen months. Security logs for ninety days.',
    ],
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: [
      'Infrastructure providers that host the Nimbus cloud in the European Union, and our payment provider for paid plans. Each is bound by a data processing agreement.',
    ],
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: [
      'You may ask for a copy of your data, for its correction or deletion, or object to its use, by writing to privacy@nimbus.dev. You may also complain to your data protection authority.',
    ],
  },
];

export default function PrivacyPage() {
  return (
    <main id="main">
      <LegalDocument
        title="Privacy policy"
        updated="1 November 2026"
        intro="This policy covers the Nimbus cloud and this website. Self-hosted installs send nothing to us; their operators are responsible for their users' data."
        sections={SECTIONS}
      />
    </main>
  );
}
