// The marketing zone (docs/spec.md §2): /, pricing, enterprise, contact, customers, blog, changelog and the
// company pages. Server-rendered; the only client code is links, the theme switch and, on its
// six pages, the demo popup; the consent banner and, with consent, the site's insights script.
import type { ReactNode } from 'react';
import { SiteAnalytics } from '@/components/consent/site-analytics';
import { SiteFooter } from '@/components/marketing/site-footer';
import { SiteHeader } from '@/components/marketing/site-header';

export default function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      {children}
      <SiteFooter />
      <SiteAnalytics />
    </>
  );
}
