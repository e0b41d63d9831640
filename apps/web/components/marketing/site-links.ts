// The site map as people see it: the header's main navigation and the footer's columns, which
// together link every public page (issue #4). The sitemap is built from the same lists.

export interface SiteLink {
  href: string;
  label: string;
}

/** The header's Products menu: what Nimbus does, each leading to the page that explains it. */
export const PRODUCT_LINKS: (SiteLink & { description: string })[] = [
  { href: '/docs/deployments', label: 'Deployments', description: 'Immutable URLs, previews, promote and rollback.' },
  { href: '/docs/builds', label: 'Builds', description: 'Frameworks detected, installs and builds sandboxed.' },
  {
    href: '/docs/functions',
    label: 'Functions',
    description: 'API routes, server rendering, ISR and crons, sandboxed.',
  },
  {
    href: '/docs/environment-variables',
    label: 'Environment variables',
    description: 'Encrypted at rest, per target, for the builds and functions that need them.',
  },
  {
    href: '/docs/deployment-protection',
    label: 'Deployment protection',
    description: 'Previews for your team only, behind a password, or open to your CI.',
  },
  {
    href: '/docs/domains',
    label: 'Domains',
    description: 'Your own domains, verified by a TXT record and checked against DNS.',
  },
  { href: '/docs/teams-and-roles', label: 'Teams and roles', description: 'Five roles, one permission table.' },
  { href: '/docs/cli', label: 'CLI', description: 'From a folder to a live URL with one command.' },
  {
    href: '/docs/vercel-clients',
    label: 'Vercel clients',
    description: 'The vercel CLI and SDKs, pointed at your Nimbus.',
  },
  { href: '/docs/self-hosting', label: 'Self-hosting', description: 'One process to start, split roles to grow.' },
  { href: '/security', label: 'Security', description: 'How accounts, builds and deployments are isolated.' },
];

export const HEADER_LINKS: SiteLink[] = [
  { href: '/docs', label: 'Docs' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/blog', label: 'Blog' },
  { href: '/customers', label: 'Customers' },
  { href: '/enterprise', label: 'Enterprise' },
];

export const FOOTER_COLUMNS: { title: string; links: SiteLink[] }[] = [
  {
    title: 'Product',
    links: [
      { href: '/', label: 'Overview' },
      { href: '/pricing', label: 'Pricing' },
      { href: '/enterprise', label: 'Enterprise' },
      { href: '/security', label: 'Security' },
      { href: '/changelog', label: 'Changelog' },
      { href: '/customers', label: 'Customers' },
    ],
  },
  {
    title: 'Learn',
    links: [
      { href: '/docs', label: 'Documentation' },
      { href: '/docs/api-reference', label: 'API reference' },
      { href: '/cli', label: 'Install the CLI' },
      { href: '/guides', label: 'Guides' },
      { href: '/help', label: 'Help' },
      { href: '/academy', label: 'Academy' },
      { href: '/resources', label: 'Resources' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/about', label: 'About' },
      { href: '/blog', label: 'Blog' },
      { href: '/careers', label: 'Careers' },
      { href: '/partners', label: 'Partners' },
      { href: '/events', label: 'Events' },
      { href: '/ship', label: 'Ship' },
      { href: '/ship/contacts', label: 'Ship contacts' },
    ],
  },
  {
    title: 'Design',
    links: [
      { href: '/design', label: 'Design system' },
      { href: '/geist', label: 'Geist' },
      { href: '/font', label: 'Font' },
    ],
  },
  {
    title: 'Get in touch',
    links: [
      { href: '/contact', label: 'Contact sales' },
      { href: '/contact/sales/demo', label: 'Request a demo' },
      { href: '/legal', label: 'Legal' },
      { href: '/legal/terms', label: 'Terms of service' },
      { href: '/legal/privacy', label: 'Privacy policy' },
    ],
  },
];
