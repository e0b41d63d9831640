// Each blog post's Open Graph image carries its title, generated once per post at build time.
import { OG_SIZE, ogImage } from '@/components/marketing/og-image';
import { getEntry, listEntries } from '@/lib/content';

export const alt = 'A post on the Nimbus blog';
export const size = OG_SIZE;
export const contentType = 'image/png';

export function generateStaticParams() {
  return listEntries('blog').map((post) => ({ slug: post.slug }));
}

export default async function PostImage({ params }: { params: Promise<{ slug: string }> }) {
  const post = getEntry('blog', (await params).slug);
  return ogImage({
    title: post?.title ?? 'Nimbus blog',
    subtitle: post ? `${post.author} · Nimbus blog` : 'News from the Nimbus team',
  });
}
