// The MDX collections in apps/web/content (blog, docs, guides, help, changelog): listed and read at
// build time by server components, generateStaticParams, the sitemap and the search index.
import 'server-only';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { z } from 'zod';

export const COLLECTIONS = ['blog', 'docs', 'guides', 'help', 'changelog'] as const;
export type Collection = (typeof COLLECTIONS)[number];
export type DocCollection = Extract<Collection, 'docs' | 'guides' | 'help'>;

const Frontmatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  author: z.string().optional(),
  tags: z.array(z.string()).default([]),
  section: z.string().optional(),
  order: z.number().default(0),
});

export type Entry = z.infer<typeof Frontmatter> & {
  collection: Collection;
  slug: string;
  /** The page's path on the site: /blog/x, /docs/x (index.mdx is /docs itself). */
  href: string;
  /** The MDX body without its frontmatter. */
  body: string;
};

// `npm start` and `next build apps/web` run from the repository root; Next tooling started inside
// apps/web runs from there. Both find the same folder.
const contentDir = [path.join(process.cwd(), 'apps', 'web', 'content'), path.join(process.cwd(), 'content')].find(
  (dir) => existsSync(dir),
)!;
const cache = new Map<Collection, Entry[]>();

function hrefOf(collection: Collection, slug: string): string {
  if (collection === 'changelog') return `/changelog#${slug}`;
  return slug === 'index' ? `/${collection}` : `/${collection}/${slug}`;
}

function load(collection: Collection): Entry[] {
  const dir = path.join(contentDir, collection);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.mdx'))
    .map((file) => {
      const slug = file.replace(/\.mdx$/, '');
      const { data, content } = matter(readFileSync(path.join(dir, file), 'utf8'));
      const parsed = Frontmatter.safeParse(data);
      if (!parsed.success)
        throw new Error(
          `content/${collection}/${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
      return { ...parsed.data, collection, slug, href: hrefOf(collection, slug), body: content };
    });
}

/** The order of the docs' sections: how someone new to Nimbus reads them. Others follow, by name. */
const SECTION_ORDER = ['Getting started', 'Deployments', 'Projects', 'Teams', 'CLI', 'API', 'Self-hosting'];

function sectionRank(section: string | undefined): number {
  const rank = SECTION_ORDER.indexOf(section ?? '');
  return rank === -1 ? SECTION_ORDER.length : rank;
}

/** Dated collections newest first; docs, guides and help by section, then `order`, then title. */
export function listEntries(collection: Collection): Entry[] {
  let entries = cache.get(collection);
  if (!entries) {
    entries = load(collection).sort((a, b) =>
      a.date || b.date
        ? (b.date ?? '').localeCompare(a.date ?? '')
        : sectionRank(a.section) - sectionRank(b.section) ||
          (a.section ?? '').localeCompare(b.section ?? '') ||
          a.order - b.order ||
          a.title.localeCompare(b.title),
    );
    cache.set(collection, entries);
  }
  return entries;
}

export function getEntry(collection: Collection, slug: string): Entry | undefined {
  return listEntries(collection).find((entry) => entry.slug === slug);
}

/** Docs pages grouped by their `section`, in the order listEntries gives them. */
export function docSections(collection: DocCollection): { section: string; entries: Entry[] }[] {
  const sections = new Map<string, Entry[]>();
  for (const entry of listEntries(collection)) {
    const name = entry.section ?? 'General';
    sections.set(name, [...(sections.get(name) ?? []), entry]);
  }
  return [...sections].map(([section, entries]) => ({ section, entries }));
}

export function formatDate(date: string | undefined): string {
  if (!date) return '';
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
