// The footer of every public zone: links to all public pages, the theme switcher, cookie preferences
// (the consent banner again) and the fine print.

import { CookiePreferencesButton } from '@/components/consent/cookie-preferences';
import { Logo } from '@/components/shell/logo';
import { ThemeSwitcher } from '@/components/shell/theme-switcher';
import { FOOTER_COLUMNS } from './site-links';
import { ZoneLink } from './zone-link';

export function SiteFooter() {
  return (
    <footer className="mt-24 border-t border-border bg-subtle/50">
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-6">
        <div className="lg:col-span-1">
          <Logo />
          <p className="mt-3 text-sm text-muted">Build and host your sites. Self-hosted or ours.</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-medium">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <ZoneLink href={link.href} className="text-muted hover:text-foreground">
                    {link.label}
                  </ZoneLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 border-t border-border px-6 py-6 text-sm text-muted">
        <p>© {new Date().getFullYear()} Nimbus. Hosting for teams, on our cloud or your servers.</p>
        <div className="flex items-center gap-4">
          <CookiePreferencesButton className="hover:text-foreground" />
          <ThemeSwitcher />
        </div>
      </div>
    </footer>
  );
}
