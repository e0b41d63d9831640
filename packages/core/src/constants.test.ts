import { describe, expect, it } from 'vitest';
import { LOGGED_IN_COOKIE, SCOPE_COOKIE, SCOPE_COOKIE_DAYS, STAFF_EMAIL_DOMAIN } from './session-constants';
import {
  IMAGE_DEVICE_SIZES,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  MODAL,
  PROGRESS,
  SWR_CONFIG,
  SWR_SLOW_CONFIG,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  TOAST,
  TOOLTIP,
} from './ui-constants';

// These pin the docs/spec.md §9 numbers so a casual edit cannot drift the product away from the spec.
describe('docs/spec.md §9 constants', () => {
  it.each([
    ['theme colours', THEME_COLORS, { dark: '#0a0a0a', light: '#ffffff' }],
    ['image device sizes', IMAGE_DEVICE_SIZES, [640, 750, 828, 1080, 1200, 1920, 2048, 3840]],
    ['image sizes', IMAGE_SIZES, [16, 32, 48, 64, 96, 128, 256, 384]],
    [
      'toast',
      TOAST,
      { autoHideMs: 3500, hideMs: 160, showDelayMs: 10, stackOffsetPx: 20, scaleStep: 0.05, shouldHideMs: 300 },
    ],
    [
      'data cache',
      SWR_CONFIG,
      { dedupingInterval: 2000, focusThrottleInterval: 5000, errorRetryInterval: 5000, loadingTimeout: 3000 },
    ],
    [
      'data cache on slow connections',
      SWR_SLOW_CONFIG,
      { dedupingInterval: 2000, focusThrottleInterval: 5000, errorRetryInterval: 10000, loadingTimeout: 5000 },
    ],
    ['progress bar', PROGRESS, { delayMs: 1000, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 }],
  ])('%s', (_label, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('tooltip values', () => {
    expect(TOOLTIP).toMatchObject({
      visibility: { hover: 1, focus: 2, touch: 4 },
      edgeThresholdPx: 100,
      resizeDebounceMs: 150,
      closeDelayMs: 100,
      menuCloseDelayMs: 300,
      touchMoveThresholdPx: 16,
      offsetPx: 10,
      maxWidthPx: 250,
      noWidowMaxWordLength: 20,
    });
  });

  it('modal values', () => {
    expect(MODAL).toMatchObject({
      defaultWidth: 540,
      drawerBreakpointPx: 600,
      exitDelayMs: 350,
      drawerCloseThreshold: 0.25,
      drawerAnimationMs: 500,
      drawerOverlayMs: 400,
      scrollLockTimeoutMs: 100,
      layoutAnimationMs: 450,
    });
  });

  it('scalar values', () => {
    expect([THEME_STORAGE_KEY, IMAGE_QUALITY, SCOPE_COOKIE, SCOPE_COOKIE_DAYS, LOGGED_IN_COOKIE]).toEqual([
      'theme',
      75,
      'scope',
      365,
      'isLoggedIn',
    ]);
  });

  it('defaults the staff e-mail domain', () => {
    expect(STAFF_EMAIL_DOMAIN).toBe('nimbus.dev');
  });
});
