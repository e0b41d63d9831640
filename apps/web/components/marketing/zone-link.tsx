'use client';
import { isCrossZone, isValidLinkTarget } from '@nimbus/core';
// Every internal link of the public site (docs/spec.md §2). A path in the same zone is a client-side
// navigation through next/link, which also prefetches it when it comes within 200px of the viewport
// (docs/spec.md §9). A path in another zone is a full navigation, because a zone may one day be its own app;
// it is prefetched with <link rel="prefetch"> the first time a pointer or the focus reaches it.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<'a'>, 'href'> & { href: string };

const prefetched = new Set<string>();

/** Adds one prefetch hint per URL for the whole page lifetime. */
function prefetchDocument(href: string): void {
  const url = href.replace(/#.*$/, '');
  if (prefetched.has(url)) return;
  prefetched.add(url);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  document.head.appendChild(link);
}

export function ZoneLink({ href, onMouseEnter, onFocus, ...rest }: Props) {
  const pathname = usePathname();
  // A bad target in our own pages is a bug; failing the build shows it before a visitor does.
  if (!isValidLinkTarget(href)) throw new Error(`ZoneLink: "${href}" is not a valid internal link target.`);
  // A link to a section of a page (/#features) is not the page itself.
  const current = !href.includes('#') && pathname === href.replace(/\?.*$/, '') ? 'page' : undefined;
  if (!isCrossZone(pathname, href)) {
    return <Link href={href} aria-current={current} onMouseEnter={onMouseEnter} onFocus={onFocus} {...rest} />;
  }
  return (
    <a
      href={href}
      aria-current={current}
      onMouseEnter={(event) => {
        prefetchDocument(href);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetchDocument(href);
        onFocus?.(event);
      }}
      {...rest}
    />
  );
}
