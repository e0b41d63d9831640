'use client';
import { TOOLTIP } from '@nimbus/core';
// A tooltip for a control that needs a word of explanation (docs/spec.md §4, §9). Hover, focus and touch each
// set their bit of the visibility mask; Escape clears it. Once the mask is empty the bubble fades
// out over the 100 ms close delay (presence 'unmountSuspended'), and comes straight back if the
// pointer returns. Position and alignment come from tooltip-state.ts and follow window resizes,
// debounced 150 ms. The trigger is described by the bubble (aria-describedby).
import {
  cloneElement,
  type ReactElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { isPresent, usePresence } from './presence';
import {
  isTouchMove,
  isVisible,
  noWidow,
  type TooltipSide,
  tooltipPosition,
  type VisibilitySource,
  withVisibility,
} from './tooltip-state';

export interface TooltipProps {
  text: string;
  /** One focusable element (a button, a link, or a badge with tabIndex={0}). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  side?: TooltipSide;
}

export function Tooltip({ text, children, side = 'top' }: TooltipProps) {
  const id = useId();
  const [mask, setMask] = useState(0);
  const presence = usePresence(isVisible(mask), TOOLTIP.closeDelayMs);
  const trigger = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const set = (source: VisibilitySource, on: boolean) => setMask((m) => withVisibility(m, source, on));

  const place = useCallback(() => {
    const anchor = trigger.current?.getBoundingClientRect();
    const box = bubble.current?.getBoundingClientRect();
    if (!anchor || !box) return;
    setPosition(tooltipPosition(anchor, box, { width: window.innerWidth, height: window.innerHeight }, side));
  }, [side]);

  const present = isPresent(presence);
  useLayoutEffect(() => {
    if (present) place();
    else setPosition(null);
  }, [present, place, text]);

  useEffect(() => {
    if (!isVisible(mask)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(place, TOOLTIP.resizeDebounceMs);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMask(0);
    window.addEventListener('resize', onResize);
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('keydown', onKey);
    };
  }, [mask, place]);

  return (
    <span
      ref={trigger}
      className="inline-flex"
      onPointerEnter={(e) => e.pointerType !== 'touch' && set('hover', true)}
      onPointerLeave={(e) => e.pointerType !== 'touch' && set('hover', false)}
      onFocus={() => set('focus', true)}
      onBlur={() => set('focus', false)}
      onTouchStart={(e) => {
        touchStart.current = { x: e.touches[0]!.clientX, y: e.touches[0]!.clientY };
        set('touch', true);
      }}
      onTouchMove={(e) => {
        if (
          touchStart.current &&
          isTouchMove(touchStart.current, { x: e.touches[0]!.clientX, y: e.touches[0]!.clientY })
        )
          set('touch', false);
      }}
      onTouchEnd={() => set('touch', false)}
    >
      {cloneElement(children, { 'aria-describedby': present ? id : undefined })}
      {present &&
        createPortal(
          <div
            ref={bubble}
            id={id}
            role="tooltip"
            data-state={presence}
            style={{
              top: position?.top ?? 0,
              left: position?.left ?? 0,
              maxWidth: TOOLTIP.maxWidthPx,
              transitionDuration: `${TOOLTIP.closeDelayMs}ms`,
            }}
            className={`pointer-events-none fixed z-[70] rounded-md bg-foreground px-2.5 py-1.5 text-xs leading-snug text-background shadow-lg transition-opacity ${
              position && presence === 'mounted' ? 'opacity-100' : 'opacity-0'
            }`}
          >
            {noWidow(text)}
          </div>,
          document.body,
        )}
    </span>
  );
}
