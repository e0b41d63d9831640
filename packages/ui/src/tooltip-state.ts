// The tooltip rules of docs/spec.md §4 and §9, pure so they are tested without a browser: visibility is a bit
// mask (hover 1, focus 2, touch 4) so each source keeps it open on its own; alignment follows the
// trigger's distance to the viewport edges (100 px); the bubble sits 10 px from its trigger, at
// most 250 px wide; a touch that moves 16 px is a scroll, not a press; and the last two words are
// glued with a non-breaking space unless the last one is 20 characters or longer.
import { TOOLTIP } from '@nimbus/core';

export type VisibilitySource = keyof typeof TOOLTIP.visibility;
export type TooltipAlign = 'left' | 'center' | 'right';
export type TooltipSide = 'top' | 'bottom';

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Sets or clears one source's bit; the tooltip shows while any bit is set. */
export function withVisibility(mask: number, source: VisibilitySource, on: boolean): number {
  const bit = TOOLTIP.visibility[source];
  return on ? mask | bit : mask & ~bit;
}

export const isVisible = (mask: number) => mask !== 0;

/** Near the left edge the bubble starts at the trigger's left; near the right it ends at its right. */
export function chooseAlign(trigger: Rect, viewportWidth: number): TooltipAlign {
  const center = trigger.left + trigger.width / 2;
  if (center < TOOLTIP.edgeThresholdPx) return 'left';
  if (viewportWidth - center < TOOLTIP.edgeThresholdPx) return 'right';
  return 'center';
}

/** Where the bubble goes; it flips below (or above) the trigger when the preferred side has no room. */
export function tooltipPosition(
  trigger: Rect,
  bubble: { width: number; height: number },
  viewport: { width: number; height: number },
  preferred: TooltipSide = 'top',
) {
  const above = trigger.top - bubble.height - TOOLTIP.offsetPx;
  const below = trigger.top + trigger.height + TOOLTIP.offsetPx;
  const fitsAbove = above >= 0;
  const fitsBelow = below + bubble.height <= viewport.height;
  const side: TooltipSide =
    preferred === 'top' ? (fitsAbove || !fitsBelow ? 'top' : 'bottom') : fitsBelow || !fitsAbove ? 'bottom' : 'top';
  const align = chooseAlign(trigger, viewport.width);
  const left =
    align === 'left'
      ? trigger.left
      : align === 'right'
        ? trigger.left + trigger.width - bubble.width
        : trigger.left + trigger.width / 2 - bubble.width / 2;
  return { side, align, top: side === 'top' ? above : below, left };
}

/** A touch that travels further than 16 px is scrolling the page, so it closes the tooltip. */
export function isTouchMove(start: { x: number; y: number }, now: { x: number; y: number }): boolean {
  return Math.hypot(now.x - start.x, now.y - start.y) > TOOLTIP.touchMoveThresholdPx;
}

/** Keeps a single word from wrapping alone onto the last line, except a long one (a URL, a hash). */
export function noWidow(text: string): string {
  const words = text.trim().split(/\s+/);
  if (words.length < 2) return text.trim();
  const last = words.pop()!;
  return last.length >= TOOLTIP.noWidowMaxWordLength ? `${words.join(' ')} ${last}` : `${words.join(' ')}\u00a0${last}`;
}
