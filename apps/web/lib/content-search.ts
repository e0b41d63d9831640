// The docs search index, built at build time from the MDX of docs, guides and help and served as
// static JSON (/docs/search-index.json). Markdown syntax is stripped so only the words are indexed;
// code stays, because people search for commands and settings.
import 'server-only';
import MiniSearch from 'minisearch';
import { MINISEARCH_OPTIONS, type SearchDocument } from '@/components/docs/search-config';
import { type DocCollection, type Entry, listEntries } from './content';

export const DOC_COLLECTIONS: { collection: DocCollection; label: string }[] = [
  { collection: 'docs', label: 'Docs' },
  { collection: 'guides', label: 'Guides' },
  { collection: 'help', label: 'Help' },
];

function plainText(markdown: string): string {
  return markdown
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_>|]/g, ' ')
    .replace(/^[-:\s]+$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function toDocument(entry: Entry, label: string): SearchDocument {
  const headings = [...entry.body.matchAll(/^#{2,3}\s+(.+)$/gm)].map(([, text]) => text!.replace(/[`*_]/g, ''));
  return {
    id: entry.href,
    title: entry.title,
    section: entry.section ? `${label} · ${entry.section}` : label,
    description: entry.description,
    headings: headings.join(' · '),
    text: plainText(entry.body),
  };
}

function searchDocuments(): SearchDocument[] {
  return DOC_COLLECTIONS.flatMap(({ collection, label }) =>
    listEntries(collection).map((entry) => toDocument(entry, label)),
  );
}

export function buildSearchIndex(): string {
  const search = new MiniSearch<SearchDocument>(MINISEARCH_OPTIONS);
  search.addAll(searchDocuments());
  return JSON.stringify(search);
}
