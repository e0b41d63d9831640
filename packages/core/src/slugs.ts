// Slug rules shared by team creation, URL routing and the CLI, so a slug can never shadow a route.

export const SLUG_MAX = 48;

// Zone prefixes (docs/spec.md §2) first, then dashboard and platform paths a team slug would collide with.
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'academy',
  'docs',
  'guides',
  'help',
  'pricing',
  'enterprise',
  'contact',
  'customers',
  'blog',
  'changelog',
  'security',
  'about',
  'careers',
  'partners',
  'events',
  'resources',
  'legal',
  'ship',
  'design',
  'font',
  'geist',
  'api',
  'teams',
  'login',
  'signup',
  'forgot-password',
  'reset-password',
  'logout',
  'account',
  'new',
  'admin',
  'nimbus',
  'vercel',
  'settings',
  'dashboard',
  'oauth',
  'two-factor-required',
  'old-browser.html',
  'well-known',
  '_next',
  '_nimbus',
  'insights',
  'hfi',
  'static',
  'public',
  'www',
  'app',
  'support',
  'status',
  'invite',
  'invitations',
  'device',
  'cli',
  'edge',
  // The default staff team: nobody may create it through the API and so make themselves staff.
  'nimbus-staff',
]);

// API versions (/v1, /v13, ...) live at the root, so every v<number> is taken, not just v0..v20.
const VERSION_SLUG = /^v\d+$/;
const SLUG_PATTERN = /^[a-z0-9-]+$/;

export function isReservedSlug(slug: string): boolean {
  const normalized = slug.toLowerCase();
  return RESERVED_SLUGS.has(normalized) || VERSION_SLUG.test(normalized);
}

/** Derives a URL-safe slug from a display name; the result may still be reserved. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** Returns a human-readable reason the slug cannot be used, or null when it is fine. */
export function validateSlug(slug: string): string | null {
  if (slug === '') return 'A slug is required.';
  if (slug.length > SLUG_MAX) return `Slugs can be at most ${SLUG_MAX} characters long.`;
  if (!SLUG_PATTERN.test(slug)) {
    return 'Slugs can only contain lowercase letters (a-z), numbers (0-9) and dashes.';
  }
  if (slug.startsWith('-') || slug.endsWith('-')) return 'Slugs cannot start or end with a dash.';
  if (isReservedSlug(slug)) return `The slug "${slug}" is reserved.`;
  return null;
}
