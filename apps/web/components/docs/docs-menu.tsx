'use client';
// The docs navigation on phones: a "Menu" button above the article that opens the page list, so a
// page's title starts near the top. From the lg breakpoint the list is always shown beside the article.
import { usePathname } from 'next/navigation';
import { type ReactNode, useEffect, useState } from 'react';

export function DocsMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="docs-menu"
        onClick={() => setOpen(!open)}
        className="flex h-9 w-full items-center justify-between rounded-md border border-border px-3 text-sm lg:hidden"
      >
        Menu
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      <div id="docs-menu" className={open ? 'block' : 'hidden lg:block'}>
        {children}
      </div>
    </>
  );
}
