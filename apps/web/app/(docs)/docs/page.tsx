// /docs: the introduction (content/docs/index.mdx), the first page of the documentation.
import type { Metadata } from 'next';
import { DocArticle } from '@/components/docs/doc-article';
import { getEntry } from '@/lib/content';

const entry = getEntry('docs', 'index')!;

export const metadata: Metadata = { title: { absolute: 'Nimbus documentation' }, description: entry.description };

export default function DocsHome() {
  return <DocArticle entry={entry} />;
}
