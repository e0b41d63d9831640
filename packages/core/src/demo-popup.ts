// Where and when the sales-demo popup may appear (docs/spec.md §2, §4 and §9); the marketing site and its tests share it.

/** The only paths that show the popup, each with its delay before showing, in ms. */
export const DEMO_POPUP_PATHS: Readonly<Record<string, number>> = {
  '/pricing': 15_000,
  '/enterprise': 15_000,
  '/blog/introducing-conformance': 20_000,
  '/blog/introducing-the-nimbus-waf': 20_000,
  '/blog/nimbus-ship-2024': 20_000,
  '/blog/feature-flags': 20_000,
};

/** Dismissing the popup this many times stops it showing again (unless `marketfit=1`). */
export const POPUP_DISMISS_LIMIT = 1;
/** The stored popup record expires after 90 days. */
export const POPUP_RECORD_TTL_MS = 7_776_000_000;
/** Default lifetime of a cookie-like stored value: 30 days. */
export const POPUP_DEFAULT_TTL_MS = 2_592_000_000;
