import { describe, expect, it } from 'vitest';
import { DEMO_POPUP_PATHS, POPUP_DEFAULT_TTL_MS, POPUP_DISMISS_LIMIT, POPUP_RECORD_TTL_MS } from './demo-popup';
import { zoneOf } from './zones';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('demo popup settings', () => {
  it.each([
    ['/pricing', 15_000],
    ['/enterprise', 15_000],
    ['/blog/introducing-conformance', 20_000],
    ['/blog/introducing-the-nimbus-waf', 20_000],
    ['/blog/nimbus-ship-2024', 20_000],
    ['/blog/feature-flags', 20_000],
  ])('%s shows after %d ms', (path, delay) => {
    expect(DEMO_POPUP_PATHS[path]).toBe(delay);
  });

  it('lists exactly the six spec paths, all on the marketing zone', () => {
    const paths = Object.keys(DEMO_POPUP_PATHS);
    expect(paths).toHaveLength(6);
    for (const path of paths) expect(zoneOf(path)).toBe('marketing');
  });

  it('uses the spec limits', () => {
    expect(POPUP_DISMISS_LIMIT).toBe(1);
    expect(POPUP_RECORD_TTL_MS).toBe(90 * DAY_MS);
    expect(POPUP_DEFAULT_TTL_MS).toBe(30 * DAY_MS);
  });
});
