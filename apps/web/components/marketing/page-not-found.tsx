// The public site's not-found page: an unknown post, doc, guide or help article keeps the site's
// header and footer (the zone's layout) and offers the ways back a reader would look for.
import { buttonClass } from '@nimbus/ui';
import Link from 'next/link';

const WAYS_BACK = [
  { href: '/docs', label: 'Documentation' },
  { href: '/guides', label: 'Guides' },
  { href: '/blog', label: 'Blog' },
  { href: '/changelog', label: 'Changelog' },
];

export function PageNotFound({ zone }: { zone: 'marketing' | 'docs' }) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[50vh] w-full max-w-md flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <title>Page not found – Nimbus</title>
      <p className="font-mono text-sm text-muted">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-sm text-muted">
        {zone === 'docs'
          ? 'No page of the documentation lives at this address. It may have moved: search the docs or start from the index.'
          : 'Nothing lives at this address. It may have moved, or the link has a typo.'}
      </p>
      <Link href={zone === 'docs' ? '/docs' : '/'} className={buttonClass({ variant: 'primary', className: 'mt-2' })}>
        {zone === 'docs' ? 'Back to the docs' : 'Back to the home page'}
      </Link>
      <nav aria-label="Elsewhere on Nimbus" className="mt-2">
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
          {WAYS_BACK.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="text-accent hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
