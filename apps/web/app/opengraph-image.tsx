// The default Open Graph image of every page that has no image of its own.
import { OG_SIZE, ogImage } from '@/components/marketing/og-image';

export const alt = 'Nimbus: build and host your sites';
export const size = OG_SIZE;
export const contentType = 'image/png';

export default function OpenGraphImage() {
  return ogImage({
    title: 'Build and host your sites. One command to a live URL.',
    subtitle: 'Immutable deployments, instant rollbacks, self-hostable.',
  });
}
