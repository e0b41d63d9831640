// The customer stories quoted on the home page and told in full on /customers.

export interface CustomerStory {
  company: string;
  industry: string;
  person: string;
  quote: string;
  story: string;
  results: string[];
}

export const CUSTOMER_STORIES: CustomerStory[] = [
  {
    company: 'Northwind Radio',
    industry: 'Public broadcasting',
    person: 'Ines Kalnina, Head of Web Platform',
    quote:
      'Election night used to be the one night nobody deployed. Now we ship fixes to the results pages every ten minutes and roll back in a second if we have to.',
    story:
      'Northwind runs 38 sites, from the main news site to programme pages, on a self-hosted Nimbus with PostgreSQL and separate edge machines. Editors preview every change at its own URL before it goes live, and the platform team rolls back with one command instead of restoring a server.',
    results: ['38 sites on one self-hosted install', 'Rollbacks in under a second', '400 editors reviewing previews'],
  },
  {
    company: 'Tallgrass Studio',
    industry: 'Design and development agency',
    person: 'Marcus Obi, Technical Director',
    quote:
      'Every client gets a preview link for every change. Approvals that took a week of screenshots now take an afternoon.',
    story:
      'Tallgrass builds marketing sites for about thirty clients at a time. Each client is a Nimbus team with the client as a VIEWER, so they see previews and build logs but cannot change settings. The agency moved from a mix of FTP and a shared VPS in two weeks.',
    results: [
      '30 client teams with viewer access',
      'Approval cycles down from days to hours',
      'No more shared FTP passwords',
    ],
  },
  {
    company: 'Helix Bioinformatics',
    industry: 'Life sciences',
    person: 'Dr. Sofia Brandt, Research Software Lead',
    quote:
      'Our data cannot leave our network. Nimbus runs inside it, and our scientists still get the deploy experience they know from their side projects.',
    story:
      'Helix publishes internal documentation, dashboards exported as static sites and lab tools for 600 researchers. Nimbus runs on two virtual machines in their data centre, builds in bubblewrap sandboxes, and keeps its files in their S3-compatible object store.',
    results: ['Fully on-premises, no external calls', '600 researchers publishing', 'Builds sandboxed with bubblewrap'],
  },
  {
    company: 'Parcelwise',
    industry: 'Logistics software',
    person: 'Jonas Meyer, Engineering Manager',
    quote:
      'We kept our CI scripts. They call the vercel CLI, pointed at our own Nimbus, and nothing else had to change.',
    story:
      'Parcelwise had years of CI jobs built around the Vercel CLI. Because Nimbus implements the same REST API, they changed two environment variables in CI and moved their customer portal and status page to their own infrastructure.',
    results: [
      'Zero CI scripts rewritten',
      'Customer portal and status page self-hosted',
      'Two environment variables changed',
    ],
  },
  {
    company: 'Open Atlas',
    industry: 'Non-profit, open data',
    person: 'Priya Nand, Volunteer Maintainer',
    quote:
      'Volunteers come and go. With teams and roles we add someone in a minute and remove them just as fast, and nobody ever shares a server login.',
    story:
      'Open Atlas maintains maps and data portals built by volunteers across six countries. The Hobby plan covers their personal experiments; the main portal runs on Pro so a rotating group of maintainers can share projects with the right roles.',
    results: [
      'Six countries of volunteers',
      'Access managed by role, not shared logins',
      'Every map change previewed first',
    ],
  },
  {
    company: 'Fjord Commerce',
    industry: 'Retail',
    person: 'Lena Strand, CTO',
    quote:
      'Black Friday traffic is forty times a normal day. The edge served it from cache while we shipped three price changes.',
    story:
      'Fjord moved its storefront front-end, a static Astro build talking to its commerce API, to Nimbus Enterprise. Hashed assets are cached as immutable, HTML revalidates with ETags, and price updates go live through promote without a rebuild.',
    results: [
      '40x peak traffic served from cache',
      'Three releases during peak day',
      'Enterprise SLA and 12 concurrent builds',
    ],
  },
];
