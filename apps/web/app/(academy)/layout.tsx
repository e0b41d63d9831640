// The academy zone (docs/spec.md §2): structured courses that lead through the docs in order.
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/marketing/site-footer';
import { SiteHeader } from '@/components/marketing/site-header';
import { ZoneBar } from '@/components/marketing/zone-bar';

export default function AcademyLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <ZoneBar
        name="Academy"
        links={[
          { href: '/academy', label: 'Courses' },
          { href: '/docs', label: 'Docs' },
          { href: '/guides', label: 'Guides' },
        ]}
      />
      {children}
      <SiteFooter />
    </>
  );
}
