// The design zone (docs/spec.md §2): the design system (/design), its foundations (/geist) and the typefaces
// (/font).
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/marketing/site-footer';
import { SiteHeader } from '@/components/marketing/site-header';
import { ZoneBar } from '@/components/marketing/zone-bar';

export default function DesignLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <ZoneBar
        name="Design"
        links={[
          { href: '/design', label: 'Components' },
          { href: '/geist', label: 'Geist' },
          { href: '/font', label: 'Font' },
        ]}
      />
      {children}
      <SiteFooter />
    </>
  );
}
