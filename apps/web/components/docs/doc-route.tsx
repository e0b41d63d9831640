// The three [slug] routes of the docs zone (/docs, /guides and /help pages) differ only in their
// collection; this builds their static params, metadata and page from it. Unknown slugs get this
// zone's 404 instead of falling through to the dashboard's /{team}/{project} route.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { type DocCollection, getEntry, listEntries } from '@/lib/content';
import { DocArticle } from './doc-article';

type Props = { params: Promise<{ slug: string }> };

export function docRoute(collection: DocCollection) {
  return {
    generateStaticParams: () =>
      listEntries(collection)
        .filter((entry) => entry.slug !== 'index')
        .map((entry) => ({ slug: entry.slug })),
    generateMetadata: async ({ params }: Props): Promise<Metadata> => {
      const entry = getEntry(collection, (await params).slug);
      return entry ? { title: entry.title, description: entry.description } : {};
    },
    Page: async function DocPage({ params }: Props) {
      const { slug } = await params;
      const entry = slug === 'index' ? undefined : getEntry(collection, slug);
      if (!entry) notFound();
      return <DocArticle entry={entry} />;
    },
  };
}
