// The header every public zone shares (issue #4): logo, the main navigation, and the way in to the
// dashboard. The links are ZoneLinks, so a link into another zone is prefetched on hover or focus.
import { HomeLogo } from '@/components/shell/logo';
import { ProductsMenu } from './products-menu';
import { HEADER_LINKS } from './site-links';
import { ZoneLink } from './zone-link';

const NAV_ITEM =
  'block whitespace-nowrap rounded-md px-2 py-2.5 text-muted transition-colors hover:text-foreground aria-[current=page]:text-foreground md:px-3 md:py-2';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 px-6 md:h-16 md:flex-nowrap">
        <HomeLogo className="h-14 shrink-0 md:h-auto" />
        {/* One list for every width: a second, scrollable row on small screens, inline from md up. */}
        <nav
          aria-label="Main"
          className="relative order-last -mx-6 w-[calc(100%+3rem)] overflow-x-auto border-t border-border px-4 md:order-none md:mx-0 md:w-auto md:border-0 md:px-0"
        >
          <ul className="flex items-center gap-1 text-sm">
            <li>
              <ProductsMenu className={NAV_ITEM} />
            </li>
            {HEADER_LINKS.map((link) => (
              <li key={link.href}>
                <ZoneLink href={link.href} className={NAV_ITEM}>
                  {link.label}
                </ZoneLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 text-sm">
          <ZoneLink href="/login" className="rounded-md px-3 py-1.5 text-muted hover:text-foreground">
            Log in
          </ZoneLink>
          <ZoneLink
            href="/signup"
            className="rounded-md bg-foreground px-3 py-1.5 font-medium text-background hover:opacity-90"
          >
            Sign up
          </ZoneLink>
        </div>
      </div>
    </header>
  );
}
