// The Ship zone (docs/spec.md §2): our yearly conference, /ship and /ship/contacts.
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/marketing/site-footer';
import { SiteHeader } from '@/components/marketing/site-header';
import { ZoneBar } from '@/components/marketing/zone-bar';

export default function ShipLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <ZoneBar
        name="Nimbus Ship"
        links={[
          { href: '/ship', label: 'Overview' },
          { href: '/ship/contacts', label: 'Contacts' },
          { href: '/blog/nimbus-ship-2024', label: 'Ship 2024 recap' },
        ]}
      />
      {children}
      <SiteFooter />
    </>
  );
}
