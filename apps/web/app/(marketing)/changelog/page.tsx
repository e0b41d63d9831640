// /changelog: every entry of content/changelog in full, newest first, each with its own anchor.
import type { Metadata } from 'next';
import { PageIntro } from '@/components/marketing/sections';
import { formatDate, listEntries } from '@/lib/content';
import { renderMdx } from '@/lib/content-mdx';

export const metadata: Metadata = {
  title: 'Changelog',
  description:
    'New features, improvements and fixes in Nimbus: the CLI, builds, the edge and the dashboard, month by month.',
};

export default async function ChangelogPage() {
  const entries = await Promise.all(
    listEntries('changelog').map(async (entry) => ({ entry, ...(await renderMdx(entry)) })),
  );
  return (
    <main id="main">
      <PageIntro
        eyebrow="Changelog"
        title="What is new in Nimbus"
        lead="Every change that you can notice, as it ships. Self-hosted installs get each one with the next release."
      />
      <ol className="mx-auto max-w-6xl px-6">
        {entries.map(({ entry, content }) => (
          <li
            key={entry.slug}
            id={entry.slug}
            className="grid scroll-mt-24 gap-4 border-t border-border py-12 md:grid-cols-[12rem_1fr]"
          >
            <p className="text-sm text-muted">
              <time dateTime={entry.date}>{formatDate(entry.date)}</time>
            </p>
            <article className="max-w-3xl">
              <h2 className="text-2xl font-semibold tracking-tight">
                <a href={`#${entry.slug}`} className="hover:underline">
                  {entry.title}
                </a>
              </h2>
              <p className="mt-2 text-muted">{entry.description}</p>
              <div className="mt-2">{content}</div>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
