// The Nimbus mark and wordmark, one drawing for every zone and the Open Graph card. The mark is a
// cloud filled with the current text colour, so it follows the theme; the favicon (app/icon.svg) is
// the same drawing. `HomeLogo` links to `/`,
// which the marketing zone serves: from any other zone that is a full navigation (docs/architecture.md,
// "Zones"), which ZoneLink decides and prefetches.
import { cx, focusRing } from '@nimbus/ui';
import { ZoneLink } from '@/components/marketing/zone-link';

/** The cloud, in a 24×24 box; app/icon.svg draws the same path. */
export const MARK_PATH = 'M7 18h10.5a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.3 9.2 4.5 4.5 0 0 0 7 18Z';

/** The mark alone. `color` exists for next/og, which has no CSS cascade to take currentColor from. */
export function NimbusMark({ size = 22, color = 'currentColor' }: { size?: number; color?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill={color}
      stroke={color}
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d={MARK_PATH} />
    </svg>
  );
}

/** Mark and wordmark. `compact` keeps only the mark below the `sm` breakpoint, where a bar is crowded. */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <NimbusMark />
      <span className={compact ? 'hidden sm:inline' : undefined}>Nimbus</span>
    </span>
  );
}

/** The logo as the way home, named "Nimbus home" for screen readers. */
export function HomeLogo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <ZoneLink href="/" aria-label="Nimbus home" className={cx('flex items-center rounded-md', focusRing, className)}>
      <Logo compact={compact} />
    </ZoneLink>
  );
}
