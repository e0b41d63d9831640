import { describe, expect, it } from 'vitest';
import { isReservedSlug, RESERVED_SLUGS, SLUG_MAX, slugify, validateSlug } from './slugs';
import { ZONES } from './zones';

describe('isReservedSlug', () => {
  it.each(['api', 'docs', 'geist', 'two-factor-required', '_nimbus', 'well-known', 'v0', 'v20', 'v404', 'API'])(
    '%s is reserved',
    (slug) => {
      expect(isReservedSlug(slug)).toBe(true);
    },
  );

  it.each(['acme', 'vercel-fans', 'v', 'v1a', 'apis', 'blogger'])('%s is free', (slug) => {
    expect(isReservedSlug(slug)).toBe(false);
  });

  it('reserves the first segment of every zone prefix, so no team can shadow a zone', () => {
    const segments = ZONES.flatMap((zone) => zone.prefixes)
      .map((prefix) => prefix.split('/')[1] ?? '')
      .filter((segment) => segment !== '');
    expect(segments.length).toBeGreaterThan(20);
    for (const segment of segments) expect(RESERVED_SLUGS.has(segment)).toBe(true);
  });
});

describe('slugify', () => {
  it.each([
    ['Acme Inc.', 'acme-inc'],
    ['  Équipe  Café ', 'equipe-cafe'],
    ["O'Reilly & Sons", 'o-reilly-sons'],
    ['--Already-Slugged--', 'already-slugged'],
    ['Ünïcödé 2024', 'unicode-2024'],
    ['!!!', ''],
    ['a'.repeat(60), 'a'.repeat(SLUG_MAX)],
    [`${'a'.repeat(47)} b`, 'a'.repeat(47)],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('always produces a slug that passes the format rules', () => {
    for (const name of ['Hello World', 'ÀÉÎÕÜ', `${'x'.repeat(47)}-y`, 'a_b.c']) {
      expect(validateSlug(slugify(name))).toBeNull();
    }
  });
});

describe('validateSlug', () => {
  it.each([
    ['acme', null],
    ['acme-2', null],
    ['a'.repeat(SLUG_MAX), null],
    ['', 'A slug is required.'],
    ['a'.repeat(SLUG_MAX + 1), 'Slugs can be at most 48 characters long.'],
    ['Acme', 'Slugs can only contain lowercase letters (a-z), numbers (0-9) and dashes.'],
    ['acme_inc', 'Slugs can only contain lowercase letters (a-z), numbers (0-9) and dashes.'],
    ['-acme', 'Slugs cannot start or end with a dash.'],
    ['acme-', 'Slugs cannot start or end with a dash.'],
    ['pricing', 'The slug "pricing" is reserved.'],
    ['v3', 'The slug "v3" is reserved.'],
  ])('%j → %j', (slug, message) => {
    expect(validateSlug(slug)).toBe(message);
  });
});
