// /legal/privacy: what personal data the Nimbus cloud and this site collect, including the cookies
// and local storage the site itself uses (theme, consent, search analytics, the demo popup, campaign
// attribution), what the site's analytics record, the consent choice with its "Cookie preferences"
// control, and what the fraud-detection script collects.
import type { Metadata } from 'next';
import { CookiePreferencesButton } from '@/components/consent/cookie-preferences';
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
      'Site analytics, only as described under "Analytics and your choice" below.',
    ],
  },
  {
    id: 'consent',
    title: 'Analytics and your choice',
    body: [
      'With your consent, this site records: which documentation search results were shown, clicked and found helpful, linked to a random anonymous identifier, and to your user id when you are signed in; product events in the dashboard, such as how an upgrade dialog ended, the plan chosen and the time spent, linked to your account and team; and, where our insights script is enabled, the pages you view and how fast they load.',
      'Visitors from the European Union, the European Economic Area, the United Kingdom and Switzerland, and anyone whose country we cannot tell, are asked first: nothing is recorded and no analytics cookie is set until you choose Accept. Elsewhere analytics runs unless you decline.',
      'Your choice is kept in the consent cookie for a year. Declining stops every tracker on the page at once, removes the search analytics identifier, and our servers discard any analytics event sent from a browser whose consent cookie says no.',
      <>
        You can change your choice at any time with{' '}
        <CookiePreferencesButton className="font-medium text-accent underline underline-offset-2" />, here or at the
        foot of every page.
      </>,
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
      'consent keeps your analytics choice for a year.',
      '_ALGOLIA holds the anonymous identifier of documentation search analytics for 180 days; it is set only after you accept analytics.',
      'Local storage keeps your theme choice and, on some pages, whether you closed the demo invitation, for at most 90 days; after you accept analytics, it also remembers which search led to a documentation page.',
      'Only when you allow analytics: local storage keeps the campaign that brought you here (utm_ parameters, the ad-click id, the first referring site and the first page) for 90 days, and sends it with a sign-up or a contact form; session storage keeps an identifier of your visit (sid) and the site it came from (srid) until you close the tab. Activity records (pages and buttons you use) never include your e-mail, IP address or phone number.',
    ],
  },
  {
    id: 'fraud-detection',
    title: 'Fraud detection',
    body: [
      'On the sign-up, log-in and related pages of nimbus.dev, a script served by Nimbus itself (no third party) sets the session cookie nimbus_risk_sid (httpOnly, deleted when you close the browser) and sends us: whether the browser reports being automated (navigator.webdriver), how long you took to fill the form, how many pointer and key events the page saw (counts only, never what you typed or where you clicked), your time zone, browser language, number of languages and plugins, and window width, together with your IP address and User-Agent.',
      'From these we compute a risk score from 0 to 100. At sign-up, a score of 70 or more refuses the sign-up with a message saying so, and 40 or more counts twice against the limit of sign-ups per IP address. The score is kept with your account; staff can read it. Signals of sessions that made no account are deleted after three days.',
      'For diagnostics we also keep, for three days, a sample of request traces (the address, timing and status of a request and of the database statements it ran, without their values) and the errors our servers hit, with their request id.',
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
        updated="25 November 2026"
        intro="This policy covers the Nimbus cloud and this website. Self-hosted installs send nothing to us; their operators are responsible for their users' data."
        sections={SECTIONS}
      />
    </main>
  );
}
