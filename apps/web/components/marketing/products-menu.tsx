'use client';
// The header's Products menu: a button that opens a panel under the header with every product page
// (site-links.ts). The panel is fixed to the header (its backdrop filter makes it the containing
// block), so the main navigation's sideways scroll on phones never clips it. Escape, a click outside
// and a navigation close it.
import { cx, focusRing } from '@nimbus/ui';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_LINKS } from './site-links';
import { ZoneLink } from './zone-link';

export function ProductsMenu({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div ref={root}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="products-menu"
        onClick={() => setOpen(!open)}
        className={cx(className, focusRing, 'flex items-center gap-1', open && 'text-foreground')}
      >
        Products
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" className={open ? 'rotate-180' : undefined}>
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div
        id="products-menu"
        hidden={!open}
        className="fixed inset-x-0 top-full border-b border-border bg-background shadow-lg"
      >
        <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-4 sm:grid-cols-2 lg:grid-cols-4">
          {PRODUCT_LINKS.map((link) => (
            <li key={link.href}>
              <ZoneLink
                href={link.href}
                className={cx('block rounded-md px-3 py-2 hover:bg-subtle', focusRing)}
                onClick={() => setOpen(false)}
              >
                <span className="block text-sm font-medium">{link.label}</span>
                <span className="block text-sm text-muted">{link.description}</span>
              </ZoneLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
