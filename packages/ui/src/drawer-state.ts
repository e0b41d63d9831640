// The modal's drawer form (docs/spec.md §4, §9): below a 600 px wide viewport a dialog opens as a sheet from
// the bottom; dragging it down by 25% of its height closes it; while it is open the browser's
// theme colour dims with the overlay over 400 ms. Pure rules here, React hooks in drawer.tsx.
import { MODAL } from '@nimbus/core';

/** The overlay behind dialogs: black at 50% (backdrop:bg-black/50 in modal.tsx). */
export const OVERLAY = { color: '#000000', alpha: 0.5 } as const;

export const isDrawerViewport = (width: number) => width < MODAL.drawerBreakpointPx;

/** How far the sheet follows the finger: downwards only. */
export const dragOffset = (startY: number, currentY: number) => Math.max(0, currentY - startY);

export function shouldCloseDrawer(offset: number, height: number): boolean {
  return height > 0 && offset >= height * MODAL.drawerCloseThreshold;
}

const channels = (hex: string) => {
  const full = hex.replace('#', '').replace(/^(.)(.)(.)$/, '$1$1$2$2$3$3');
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
};

/** The colour `t` of the way from `from` to `to` (0 ≤ t ≤ 1), as #rrggbb. */
export function mixColor(from: string, to: string, t: number): string {
  const a = channels(from);
  const b = channels(to);
  const k = Math.min(1, Math.max(0, t));
  return `#${a
    .map((v, i) =>
      Math.round(v + (b[i]! - v) * k)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The theme colour as it looks under the overlay. */
export const dimmedThemeColor = (base: string) => mixColor(base, OVERLAY.color, OVERLAY.alpha);
