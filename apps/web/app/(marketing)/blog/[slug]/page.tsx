// /blog/{slug}: one post rendered from MDX at build time. Four posts are demo popup pages (20 s).
// Unknown slugs render notFound() here instead of falling through to the dashboard's /{team}/{project}.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DemoPopup } from '@/components/marketing/demo-popup';
import { popupDelay } from '@/components/marketing/demo-popup-state';
import { ZoneLink } from '@/components/marketing/zone-link';
import { formatDate, getEntry, listEntries } from '@/lib/content';
import { renderMdx } from '@/lib/content-mdx';

type Props = { params: Promise<{ slug: string }> };

export function generateStaticParams() {
  return listEntries('blog').map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = getEntry('blog', (await params).slug);
  if (!post) return {};
  return {
    title: post.title,
    description: post.description,
    authors: post.author ? [{ name: post.author }] : undefined,
    openGraph: {
      type: 'article',
      title: post.title,
      description: post.description,
      publishedTime: post.date,
      authors: post.author ? [post.author] : undefined,
      tags: post.tags,
    },
  };
}

export default async function BlogPostPage({ params }: Props) {
  const post = getEntry('blog', (await params).slug);
  if (!post) notFound();
  const { content } = await renderMdx(post);
  const more = listEntries('blog')
    .filter((other) => other.slug !== post.slug)
    .slice(0, 3);
  return (
    <main id="main">
      <article className="mx-auto max-w-3xl px-6 pb-8 pt-20">
        <ZoneLink href="/blog" className="text-sm text-muted hover:text-foreground">
          ← All posts
        </ZoneLink>
        <h1 className="mt-6 text-4xl font-semibold tracking-tight sm:text-5xl">{post.title}</h1>
        <p className="mt-4 text-lg text-muted">{post.description}</p>
        <p className="mt-6 text-sm text-muted">
          {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
        <div className="mt-10 border-t border-border pt-4">{content}</div>
      </article>
      <aside aria-labelledby="more-posts" className="mx-auto max-w-3xl px-6">
        <h2 id="more-posts" className="border-t border-border pt-8 text-lg font-semibold">
          More from the blog
        </h2>
        <ul className="mt-4 space-y-3">
          {more.map((other) => (
            <li key={other.slug}>
              <ZoneLink href={other.href} className="font-medium hover:underline">
                {other.title}
              </ZoneLink>
              <span className="text-sm text-muted"> · {formatDate(other.date)}</span>
            </li>
          ))}
        </ul>
      </aside>
      {popupDelay(post.href) !== null && <DemoPopup path={post.href} />}
    </main>
  );
}
