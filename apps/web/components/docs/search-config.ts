// Settings the docs search shares between the build (which indexes the MDX content) and the browser
// (which loads that index), plus the search analytics client's settings (docs/spec.md §5, §7, §9).
import type { Options } from 'minisearch';

export const SEARCH_INDEX_URL = '/docs/search-index.json';

export interface SearchDocument {
  /** The page's path, also the objectID reported to search analytics. */
  id: string;
  title: string;
  section: string;
  description: string;
  headings: string;
  text: string;
}

export type SearchHit = Pick<SearchDocument, 'id' | 'title' | 'section' | 'description'>;

export const MINISEARCH_OPTIONS: Options<SearchDocument> = {
  fields: ['title', 'headings', 'description', 'text'],
  storeFields: ['title', 'section', 'description'],
  searchOptions: { boost: { title: 4, headings: 2, description: 1.5 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
};

/** search-insights, pointed at our own `POST /api/insights/1/events` through its `host` option. */
export const SEARCH_INSIGHTS = {
  appId: 'nimbus-docs',
  /** A public key like a search-only key: it identifies the site, it grants nothing. */
  apiKey: 'nimbus-docs-public',
  index: 'nimbus_docs',
  region: 'us' as const,
  /** Spec 7, 9: the anonymous user token cookie lasts 15552000000 ms (180 days). */
  cookieDurationMs: 15_552_000_000,
  hostPath: '/api/insights',
};
