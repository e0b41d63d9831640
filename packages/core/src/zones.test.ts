import { describe, expect, it } from 'vitest';
import { isCrossZone, type Zone, zoneOf, zonesManifest } from './zones';

describe('zoneOf', () => {
  it.each<[string, Zone]>([
    ['/', 'marketing'],
    ['/?utm_source=x', 'marketing'],
    ['/pricing', 'marketing'],
    ['/pricing/', 'marketing'],
    ['/blog/introducing-the-nimbus-waf', 'marketing'],
    ['/contact/sales/demo', 'marketing'],
    ['/legal/privacy#cookies', 'marketing'],
    ['/old-browser.html', 'marketing'],
    ['/cli', 'marketing'],
    ['/academy', 'academy'],
    ['/academy/lesson-1', 'academy'],
    ['/docs', 'docs'],
    ['/guides/deploy', 'docs'],
    ['/help?q=dns', 'docs'],
    ['/ship', 'ship'],
    ['/ship/contacts', 'ship'],
    ['/design/colors', 'design'],
    ['/font', 'design'],
    ['/geist/button', 'design'],
    ['/blogger', 'dashboard'],
    ['/docsify', 'dashboard'],
    ['/acme', 'dashboard'],
    ['/acme/pricing', 'dashboard'],
    ['/login?next=%2Fpricing', 'dashboard'],
    ['', 'marketing'],
  ])('%j → %s', (path, zone) => {
    expect(zoneOf(path)).toBe(zone);
  });
});

describe('isCrossZone', () => {
  it.each([
    ['/acme', '/docs/intro', true],
    ['/pricing', '/blog', false],
    ['/', '/pricing', false],
    ['/acme', '/acme/settings', false],
    ['/docs', '/guides/x', false],
    ['/blog', '/blogger', true],
  ])('%s → %s is %s', (from, to, expected) => {
    expect(isCrossZone(from, to)).toBe(expected);
  });
});

describe('zonesManifest', () => {
  it('is a JSON round-trippable copy of the table', () => {
    const manifest = zonesManifest();
    expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
    expect(manifest.default).toBe('dashboard');
    expect(manifest.zones.map((zone) => zone.name)).toEqual(['academy', 'docs', 'marketing', 'ship', 'design']);
    expect(manifest.zones.find((zone) => zone.name === 'docs')?.prefixes).toEqual(['/docs', '/guides', '/help']);
  });

  it('hands out copies that cannot corrupt routing', () => {
    zonesManifest().zones[0]?.prefixes.push('/acme');
    expect(zoneOf('/acme')).toBe('dashboard');
  });
});
