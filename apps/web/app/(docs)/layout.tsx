// The docs zone (docs/spec.md §2): /docs, /guides and /help, the real documentation of Nimbus, with its
// search and navigation beside every page; the consent banner and, with consent, the site's insights script.
import type { ReactNode } from 'react';
import { SiteAnalytics } from '@/components/consent/site-analytics';
import { DocsSidebar } from '@/components/docs/docs-sidebar';
import { SiteFooter } from '@/components/marketing/site-footer';
import { SiteHeader } from '@/components/marketing/site-header';

export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <div className="mx-auto grid max-w-7xl gap-6 px-6 pt-6 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:pt-8">
        <aside aria-label="Docs navigation">
          <DocsSidebar />
        </aside>
        {children}
      </div>
      <SiteFooter />
      <SiteAnalytics />
    </>
  );
}
