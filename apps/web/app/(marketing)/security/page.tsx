// /security: how Nimbus protects accounts, secrets, builds and sites, and how to report a problem.
import type { Metadata } from 'next';
import { CardGrid, PageIntro, Section } from '@/components/marketing/sections';
import { ZoneLink } from '@/components/marketing/zone-link';

export const metadata: Metadata = {
  title: 'Security',
  description:
    'How Nimbus secures accounts, tokens, environment variables, builds and deployed sites, and how to report a vulnerability.',
};

const PRACTICES = [
  {
    title: 'Passwords',
    body: 'Hashed with Argon2id, and refused when easy to guess (common, a pattern, or your e-mail). Failed logins wait longer after each failure, per account and address, so guessing is slow while the owner can still log in from elsewhere. An unknown e-mail takes as long to refuse as a known one. Where Nimbus sends e-mail, sign-up confirms the address by a link first and answers alike whether or not it has an account.',
    href: '/docs/accounts',
  },
  {
    title: 'Sessions',
    body: 'An httpOnly, SameSite=Lax cookie holding a random secret; only its SHA-256 is stored. Changes made with a session must come from our own origin. Account settings list every session and log out the others; changing or resetting the password does it too.',
    href: '/docs/accounts',
  },
  {
    title: 'Two-factor authentication',
    body: 'A code from an authenticator app (TOTP) after the password, its secret encrypted at rest, each code accepted once, wrong codes slowed like passwords. Ten recovery codes are shown once and stored as SHA-256. Turning it off takes the password or a code. Team owners can require it of every member: members without it are sent to set it up, and tokens made before they did stop working for that team.',
    href: '/docs/accounts',
  },
  {
    title: 'API tokens',
    body: 'Shown once, stored as SHA-256, optionally limited to one team and given an expiry date. A team-limited token cannot create tokens or change the account. Revoking one takes effect on the next request.',
    href: '/docs/tokens',
  },
  {
    title: 'Environment variables',
    body: 'Encrypted at rest with AES-256-GCM under a key derived from the server secret, and decrypted only for the builds and functions of their target.',
    href: '/docs/environment-variables',
  },
  {
    title: 'Builds and functions',
    body: "Every install, build and function runs in a sandbox as its team's own unprivileged host user, without capabilities, with memory (capped by plan), process and time limits, and a network that cannot reach the server or private ranges. It cannot read the data directory or other deployments; a function writes only its own size-limited /tmp, and secrets never appear in the host's process list.",
    href: '/docs/security',
  },
  {
    title: 'Requests made for you',
    body: 'Webhooks, log drains, Slack notices, budget alerts, Git servers and SSO metadata URLs may not point at the server itself or a private, loopback or reserved address: refused when saved, and checked again before every request.',
    href: '/docs/security#requests-nimbus-sends-for-you',
  },
  {
    title: 'Permissions',
    body: 'What each role may do is one table in code, checked in one place for the dashboard, the CLI and the API alike.',
    href: '/docs/teams-and-roles',
  },
  {
    title: 'Audit log',
    body: "Each change to a team is recorded with the person, the token if one was used, the time, the address and the browser. Environment variables appear by name only, never their value. No one can edit or delete an event; it ages out with the plan's retention (Hobby a week, Pro 90 days, Enterprise a year). Owners read it in Team settings or at GET /v3/events.",
    href: '/docs/teams-and-roles',
  },
  {
    title: 'Deployment protection',
    body: 'Keep previews private per project: only your team after logging in, a password stored as an Argon2id hash, or a bypass secret for automation. Checked before any file or function is served.',
    href: '/docs/deployment-protection',
  },
  {
    title: 'Immutable deployments',
    body: 'A deployed site never changes after its build. A rollback restores exactly what was live before: files, functions and configuration together.',
    href: '/blog/immutable-deployments',
  },
  {
    title: 'The dashboard',
    body: 'No other site can frame it, browsers may not guess its content types, and over HTTPS it pins itself with HSTS. Deployed sites live on their own domain, away from its cookies.',
  },
  {
    title: 'Your server',
    body: 'The database, uploaded files and the server secret sit in a data directory only the Nimbus user can open (folders 700, files 600).',
  },
];

export default function SecurityPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Security"
        title="Security is in the design, not a feature flag"
        lead="Nimbus stores as few secrets as it can, hashes the ones it must check, encrypts the ones it must use, and keeps every deployed site immutable."
      />
      <Section id="practices" title="How Nimbus protects your work">
        <CardGrid items={PRACTICES} />
      </Section>
      <Section
        id="self-hosting"
        title="When you host Nimbus yourself"
        lead="Self-hosted installs keep all data on your machines: the database, the file store and the server secret. Nothing is sent to us."
      >
        <ul className="max-w-3xl list-disc space-y-2 pl-6 leading-7">
          <li>
            Keep <code className="font-mono text-sm">NIMBUS_SECRET</code> and the data directory backed up together;
            without the secret, stored environment variables cannot be decrypted.
          </li>
          <li>
            Put a TLS-terminating proxy in front of Nimbus and set{' '}
            <code className="font-mono text-sm">NIMBUS_TRUST_PROXY</code> so throttling sees real client addresses.
          </li>
          <li>Install bubblewrap and slirp4netns on build workers: without them Nimbus refuses to build.</li>
          <li>
            Read the{' '}
            <ZoneLink href="/docs/self-hosting" className="font-medium text-accent hover:underline">
              self-hosting guide
            </ZoneLink>{' '}
            for every setting.
          </li>
        </ul>
      </Section>
      <Section
        id="disclosure"
        title="Reporting a vulnerability"
        lead="We welcome reports from researchers and users, and we do not take legal action against good-faith research."
      >
        <ol className="max-w-3xl list-decimal space-y-2 pl-6 leading-7">
          <li>
            Write to security@nimbus.dev with the steps to reproduce and the impact you expect. Please do not open a
            public issue.
          </li>
          <li>We confirm receipt within two business days and keep you informed until it is fixed.</li>
          <li>
            We fix critical issues within seven days, release the fix for self-hosted installs, and credit you in the
            changelog if you wish.
          </li>
        </ol>
      </Section>
    </main>
  );
}
