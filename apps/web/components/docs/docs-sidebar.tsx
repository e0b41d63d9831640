// The docs zone's navigation: search, then every page of docs, guides and help by section, and the
// API reference. Rendered on the server from the content folders, so a new MDX file appears here.
import { ZoneLink } from '@/components/marketing/zone-link';
import { docSections } from '@/lib/content';
import { DOC_COLLECTIONS } from '@/lib/content-search';
import { DocsMenu } from './docs-menu';
import { SearchBox } from './search-box';

const link =
  'block rounded-md px-2 py-1.5 text-muted hover:bg-subtle hover:text-foreground aria-[current=page]:bg-subtle aria-[current=page]:font-medium aria-[current=page]:text-foreground';

export function DocsSidebar() {
  return (
    // Only the page list scrolls: an overflow on the whole column would clip the search results to its width.
    <div className="space-y-3 text-sm lg:sticky lg:top-20 lg:space-y-6">
      <SearchBox />
      <DocsMenu>
        <nav
          aria-label="Documentation"
          className="pt-3 lg:max-h-[calc(100vh-10rem)] lg:overflow-y-auto lg:pt-0 lg:pb-10"
        >
          {DOC_COLLECTIONS.map(({ collection, label }) => (
            <div key={collection} className="mb-6">
              <h2 className="px-2 text-xs font-semibold uppercase tracking-wider text-foreground">{label}</h2>
              {docSections(collection).map(({ section, entries }) => (
                <div key={section} className="mt-3">
                  {collection === 'docs' && <h3 className="px-2 text-xs text-muted">{section}</h3>}
                  <ul className="mt-1">
                    {entries.map((entry) => (
                      <li key={entry.slug}>
                        <ZoneLink href={entry.href} className={link}>
                          {entry.title}
                        </ZoneLink>
                      </li>
                    ))}
                    {collection === 'docs' && section === 'API' && (
                      <li>
                        <ZoneLink href="/docs/api-reference" className={link}>
                          API reference
                        </ZoneLink>
                      </li>
                    )}
                  </ul>
                </div>
              ))}
            </div>
          ))}
        </nav>
      </DocsMenu>
    </div>
  );
}
