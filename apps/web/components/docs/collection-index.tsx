// The landing page of /guides and /help: every page of the collection as a card.
import { ZoneLink } from '@/components/marketing/zone-link';
import { type DocCollection, listEntries } from '@/lib/content';

export function CollectionIndex({
  collection,
  title,
  lead,
}: {
  collection: DocCollection;
  title: string;
  lead: string;
}) {
  return (
    <main id="main" className="min-w-0 max-w-4xl pb-16">
      <h1 className="text-4xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-4 text-lg text-muted">{lead}</p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {listEntries(collection).map((entry) => (
          <li key={entry.slug}>
            <ZoneLink href={entry.href} className="block h-full rounded-xl border border-border p-6 hover:bg-subtle">
              <span className="block font-medium">{entry.title}</span>
              <span className="mt-2 block text-sm leading-6 text-muted">{entry.description}</span>
            </ZoneLink>
          </li>
        ))}
      </ul>
    </main>
  );
}
