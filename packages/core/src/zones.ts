// Path-prefix → application zone table of docs/spec.md §2. The router uses it to spot cross-zone links and
// serves it at /.well-known/nimbus/zones.json so every zone agrees on who owns which path.

export const DEFAULT_ZONE = 'dashboard';

export const ZONES = [
  { name: 'academy', prefixes: ['/academy'] },
  { name: 'docs', prefixes: ['/docs', '/guides', '/help'] },
  {
    name: 'marketing',
    prefixes: [
      '/',
      '/pricing',
      '/enterprise',
      '/contact',
      '/customers',
      '/blog',
      '/changelog',
      '/security',
      '/about',
      '/careers',
      '/partners',
      '/events',
      '/resources',
      '/legal',
      '/cli',
      '/old-browser.html',
    ],
  },
  { name: 'ship', prefixes: ['/ship'] },
  { name: 'design', prefixes: ['/design', '/font', '/geist'] },
] as const;

export type Zone = (typeof ZONES)[number]['name'] | typeof DEFAULT_ZONE;

function stripSearchAndHash(path: string): string {
  return path.replace(/[?#].*$/, '') || '/';
}

// Whole-segment match: '/blog' owns '/blog' and '/blog/x' but not '/blogger'; '/' owns only itself.
function owns(prefix: string, pathname: string): boolean {
  if (prefix === '/') return pathname === '/';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function zoneOf(pathname: string): Zone {
  const path = stripSearchAndHash(pathname);
  const zone = ZONES.find((candidate) => candidate.prefixes.some((prefix) => owns(prefix, path)));
  return zone?.name ?? DEFAULT_ZONE;
}

/** True when a link must be a full navigation (and prefetched on hover) because another zone serves it. */
export function isCrossZone(fromPath: string, toPath: string): boolean {
  return zoneOf(fromPath) !== zoneOf(toPath);
}

export function zonesManifest(): {
  zones: { name: Zone; prefixes: string[] }[];
  default: typeof DEFAULT_ZONE;
} {
  return {
    zones: ZONES.map((zone) => ({ name: zone.name, prefixes: [...zone.prefixes] })),
    default: DEFAULT_ZONE,
  };
}
