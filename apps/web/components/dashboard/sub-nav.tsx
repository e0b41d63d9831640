'use client';
import { cx, focusRing } from '@nimbus/ui';
// Section tabs under the header (team: Overview, Settings; later projects, deployments...). The
// active tab is the longest item whose href prefixes the current path, marked aria-current="page".
import Link from 'next/link';
import { usePathname } from 'next/navigation';

export interface NavItem {
  href: string;
  label: string;
  /** Only this exact path activates the item (an overview whose href prefixes every other tab). */
  exact?: boolean;
}

function activeItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  const matches = items.filter((i) => pathname === i.href || (!i.exact && pathname.startsWith(`${i.href}/`)));
  return matches.sort((a, b) => b.href.length - a.href.length)[0];
}

export function SubNav({
  items,
  label,
  variant = 'tabs',
}: {
  items: readonly NavItem[];
  label: string;
  variant?: 'tabs' | 'sidebar';
}) {
  const active = activeItem(items, usePathname());
  const tabs = variant === 'tabs';
  return (
    <nav
      aria-label={label}
      className={tabs ? 'sticky top-14 z-30 border-b border-border bg-background/90 backdrop-blur' : ''}
    >
      <ul
        className={
          tabs
            ? 'mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 sm:px-4'
            : 'flex flex-row gap-1 overflow-x-auto md:flex-col'
        }
      >
        {items.map((item) => {
          const current = item === active;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'block rounded-md px-3 text-sm whitespace-nowrap transition-colors',
                  tabs ? 'relative my-1.5 py-1.5' : 'py-2',
                  current ? 'text-foreground' : 'text-muted hover:bg-subtle hover:text-foreground',
                  current && !tabs && 'bg-subtle font-medium',
                  focusRing,
                )}
              >
                {item.label}
                {current && tabs && (
                  <span aria-hidden className="absolute inset-x-3 -bottom-1.5 h-0.5 rounded-full bg-foreground" />
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
