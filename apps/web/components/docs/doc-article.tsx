// One page of docs, guides or help: the MDX body, "On this page", the neighbouring pages and the
// helpful-or-not question that feeds search analytics.
import { ZoneLink } from '@/components/marketing/zone-link';
import { type Entry, listEntries } from '@/lib/content';
import { renderMdx } from '@/lib/content-mdx';
import { HelpfulFeedback } from './helpful-feedback';

export async function DocArticle({ entry }: { entry: Entry }) {
  const { content, headings } = await renderMdx(entry);
  const siblings = listEntries(entry.collection);
  const at = siblings.findIndex((other) => other.slug === entry.slug);
  const previous = siblings[at - 1];
  const next = siblings[at + 1];
  return (
    <main id="main" className="grid min-w-0 gap-10 pb-16 xl:grid-cols-[1fr_13rem]">
      <article className="min-w-0 max-w-3xl">
        {content}
        <div className="mt-12 border-t border-border pt-6">
          <HelpfulFeedback objectID={entry.href} />
        </div>
        <nav aria-label="Previous and next pages" className="mt-8 grid gap-4 sm:grid-cols-2">
          {previous && (
            <ZoneLink href={previous.href} className="rounded-lg border border-border p-4 hover:bg-subtle">
              <span className="block text-xs text-muted">Previous</span>
              <span className="font-medium">{previous.title}</span>
            </ZoneLink>
          )}
          {next && (
            <ZoneLink
              href={next.href}
              className="rounded-lg border border-border p-4 text-right hover:bg-subtle sm:col-start-2"
            >
              <span className="block text-xs text-muted">Next</span>
              <span className="font-medium">{next.title}</span>
            </ZoneLink>
          )}
        </nav>
      </article>
      {headings.length > 1 && (
        <nav aria-label="On this page" className="hidden text-sm xl:block">
          <div className="sticky top-20">
            <h2 className="font-medium">On this page</h2>
            <ul className="mt-3 space-y-2">
              {headings.map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`} className="text-muted hover:text-foreground">
                    {heading.text}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      )}
    </main>
  );
}
