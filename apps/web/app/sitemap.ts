// /sitemap.xml: every public page: the ones the footer links (which is all of them) plus every MDX
// entry. Built per request so the URLs carry the server's own public URL, whatever it was built with.
import type { MetadataRoute } from 'next';
import { FOOTER_COLUMNS } from '@/components/marketing/site-links';
import { listEntries } from '@/lib/content';
import { runtime } from '@/lib/runtime';

export const dynamic = 'force-dynamic';

export default function sitemap(): MetadataRoute.Sitemap {
  const base = runtime().config.publicUrl;
  const pages = new Set(FOOTER_COLUMNS.flatMap((column) => column.links.map((link) => link.href)));
  const entries = (['blog', 'docs', 'guides', 'help'] as const).flatMap((collection) => listEntries(collection));
  for (const entry of entries) pages.add(entry.href);
  const dated = new Map(
    entries.filter((entry) => entry.date).map((entry) => [entry.href, new Date(`${entry.date}T00:00:00Z`)]),
  );
  return [...pages].map((path) => ({
    url: `${base}${path === '/' ? '' : path}`,
    lastModified: dated.get(path),
    changeFrequency: path.startsWith('/blog/') ? 'yearly' : 'weekly',
    priority: path === '/' ? 1 : path.split('/').length > 2 ? 0.6 : 0.8,
  }));
}
