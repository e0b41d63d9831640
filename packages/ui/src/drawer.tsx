'use client';
import { MODAL } from '@nimbus/core';
// React side of the drawer (drawer-state.ts): whether the viewport is drawer-sized, the drag that
// closes it, and the theme colour animation. modal.tsx uses all three, so every dialog becomes a
// bottom sheet on phones without its callers knowing.
import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { dimmedThemeColor, dragOffset, mixColor, shouldCloseDrawer } from './drawer-state';

const QUERY = `(max-width: ${MODAL.drawerBreakpointPx - 0.02}px)`;

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True below the 600 px breakpoint; false on the server and where matchMedia is missing. */
export function useIsDrawer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches,
    () => false,
  );
}

/** Pointer handlers for the sheet's grab area; `offset` is how far it is pulled down. */
export function useDrawerDrag(sheet: React.RefObject<HTMLElement | null>, onClose: () => void) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const end = () => {
    if (start.current === null) return;
    start.current = null;
    setDragging(false);
    if (shouldCloseDrawer(offset, sheet.current?.offsetHeight ?? 0)) onClose();
    setOffset(0);
  };
  return {
    offset,
    dragging,
    handlers: {
      onPointerDown: (e: PointerEvent<HTMLElement>) => {
        start.current = e.clientY;
        setDragging(true);
        e.currentTarget.setPointerCapture?.(e.pointerId);
      },
      onPointerMove: (e: PointerEvent<HTMLElement>) =>
        start.current !== null && setOffset(dragOffset(start.current, e.clientY)),
      onPointerUp: end,
      onPointerCancel: end,
    },
  };
}

/** While `dimmed`, eases the browser's theme colour to its overlay-dimmed shade over 400 ms, and back. */
export function useThemeColorDim(dimmed: boolean): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]:not([media])');
    if (!dimmed || !meta) return;
    const base = meta.content || '#ffffff';
    const animate = (from: string, to: string) => {
      const began = performance.now();
      let frame = 0;
      const step = (now: number) => {
        const t = Math.min(1, (now - began) / MODAL.drawerOverlayMs);
        meta.content = mixColor(from, to, t);
        if (t < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
      return () => cancelAnimationFrame(frame);
    };
    const stop = animate(base, dimmedThemeColor(base));
    return () => {
      stop();
      animate(meta.content, base);
    };
  }, [dimmed]);
}

/** The grab bar at the top of a sheet; pointer-only (keyboards close with Escape or Cancel). */
export function DrawerHandle(props: ReturnType<typeof useDrawerDrag>['handlers']) {
  return (
    <div
      {...props}
      aria-hidden
      className="flex h-6 shrink-0 cursor-grab touch-none items-center justify-center active:cursor-grabbing"
    >
      <span className="h-1.5 w-10 rounded-full bg-border" />
    </div>
  );
}
