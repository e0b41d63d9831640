// The docs search index as static JSON, generated once at build time.
import { buildSearchIndex } from '@/lib/content-search';

export const dynamic = 'force-static';

export function GET() {
  return new Response(buildSearchIndex(), { headers: { 'content-type': 'application/json' } });
}
