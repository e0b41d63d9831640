// /blog: every post, newest first, from content/blog/*.mdx.
import type { Metadata } from 'next';
import { PageIntro } from '@/components/marketing/sections';
import { ZoneLink } from '@/components/marketing/zone-link';
import { formatDate, listEntries } from '@/lib/content';

export const metadata: Metadata = {
  title: 'Blog',
  description: 'Product announcements, engineering notes and guides from the team that builds Nimbus.',
};

export default function BlogPage() {
  const posts = listEntries('blog');
  return (
    <main id="main">
      <PageIntro
        eyebrow="Blog"
        title="News and notes from the Nimbus team"
        lead="What we shipped, why we built it the way we did, and how to get the most out of it."
      />
      <ol className="mx-auto max-w-6xl divide-y divide-border px-6">
        {posts.map((post) => (
          <li key={post.slug} className="grid gap-2 py-8 md:grid-cols-[12rem_1fr]">
            <p className="text-sm text-muted">
              <time dateTime={post.date}>{formatDate(post.date)}</time>
            </p>
            <article>
              <h2 className="text-xl font-semibold tracking-tight">
                <ZoneLink href={post.href} className="hover:underline">
                  {post.title}
                </ZoneLink>
              </h2>
              <p className="mt-2 max-w-3xl text-muted">{post.description}</p>
              <p className="mt-3 text-sm text-muted">
                {post.author} · {post.tags.join(', ')}
              </p>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
