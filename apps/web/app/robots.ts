// /robots.txt: the public zones are for crawlers; the API, the dashboard's sign-in pages and
// per-user pages are not.
import type { MetadataRoute } from 'next';
import { runtime } from '@/lib/runtime';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const base = runtime().config.publicUrl;
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: [
          '/api/',
          '/login',
          '/signup',
          '/forgot-password',
          '/reset-password',
          '/account',
          '/two-factor-required',
          '/invite',
        ],
      },
    ],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
