// Timing and sizing constants of docs/spec.md §4 and §9, shared so server-rendered and client UI behave alike.

export const THEME_COLORS = { dark: '#0a0a0a', light: '#ffffff' } as const;
export const THEME_STORAGE_KEY = 'theme';

export const IMAGE_DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_QUALITY = 75;

export const TOAST = {
  autoHideMs: 3500,
  hideMs: 160,
  showDelayMs: 10,
  stackOffsetPx: 20,
  scaleStep: 0.05,
  shouldHideMs: 300,
} as const;

export const TOOLTIP = {
  /** Visibility is a bit mask so hover, focus and touch can each keep a tooltip open. */
  visibility: { hover: 1, focus: 2, touch: 4 },
  edgeThresholdPx: 100,
  resizeDebounceMs: 150,
  closeDelayMs: 100,
  menuCloseDelayMs: 300,
  touchMoveThresholdPx: 16,
  offsetPx: 10,
  maxWidthPx: 250,
  /** A last word this long or longer is not glued to the previous one with a non-breaking space. */
  noWidowMaxWordLength: 20,
} as const;

export const MODAL = {
  defaultWidth: 540,
  drawerBreakpointPx: 600,
  exitDelayMs: 350,
  drawerCloseThreshold: 0.25,
  drawerAnimationMs: 500,
  drawerOverlayMs: 400,
  scrollLockTimeoutMs: 100,
  layoutAnimationMs: 450,
} as const;

export const SWR_CONFIG = {
  dedupingInterval: 2000,
  focusThrottleInterval: 5000,
  errorRetryInterval: 5000,
  loadingTimeout: 3000,
} as const;

/** Used when the Network Information API reports a slow connection. */
export const SWR_SLOW_CONFIG = {
  ...SWR_CONFIG,
  errorRetryInterval: 10_000,
  loadingTimeout: 5000,
} as const;

/** Top progress bar; it only appears for route changes slower than delayMs. */
export const PROGRESS = {
  delayMs: 1000,
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
} as const;
