// The dashboard's 404 body: what is missing, why it may be, and links back to where the visitor was.
// Used by the not-found pages of team settings, projects and deployments, and by a project page
// whose project was deleted or moved while it was open.

import { buttonClass } from '@nimbus/ui';
import Link from 'next/link';
import type { ReactNode } from 'react';

export interface NotFoundLink {
  href: string;
  label: string;
}

export function NotFoundPage({
  title,
  children,
  links,
  main = true,
}: {
  title: string;
  children: ReactNode;
  /** The first is the main way back. */
  links: NotFoundLink[];
  /** False when the page already sits inside a <main> (team settings). */
  main?: boolean;
}) {
  const Tag = main ? 'main' : 'section';
  return (
    <Tag
      id={main ? 'main' : undefined}
      aria-labelledby="not-found-title"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center"
    >
      <title>{`${title} – Nimbus`}</title>
      <p className="font-mono text-sm text-muted">404</p>
      <h1 id="not-found-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <div className="text-sm text-muted">{children}</div>
      <nav aria-label="Ways back" className="mt-2 flex flex-wrap justify-center gap-2">
        {links.map((link, i) => (
          <Link
            key={link.href}
            href={link.href}
            className={buttonClass({ variant: i === 0 ? 'primary' : 'secondary' })}
          >
            {link.label}
          </Link>
        ))}
      </nav>
    </Tag>
  );
}
