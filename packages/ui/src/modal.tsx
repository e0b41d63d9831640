'use client';
import { MODAL } from '@nimbus/core';
// A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert and
// keeps focus inside, Escape closes (through onClose, so the exit animation still runs), and focus
// returns to the element that opened it. Default width 540 px (docs/spec.md §9). Below a 600 px viewport it
// is a bottom drawer instead (drawer.tsx): it slides up, closes when dragged down a quarter of its
// height, and dims the browser's theme colour with the overlay.
import { type ReactNode, useEffect, useId, useReducer, useRef } from 'react';
import { cx } from './cx';
import { DrawerHandle, useDrawerDrag, useIsDrawer, useThemeColorDim } from './drawer';
import { isMounted, isRendered, type ModalPhase, modalTransition } from './modal-lifecycle';

/** Drives the lifecycle from the `active` flag: one frame to render, `exitDelayMs` to unmount. */
export function useModalLifecycle(active: boolean, exitDelayMs: number = MODAL.exitDelayMs): ModalPhase {
  const [phase, dispatch] = useReducer(modalTransition, 'closed');

  useEffect(() => dispatch(active ? 'open' : 'close'), [active]);

  useEffect(() => {
    if (phase === 'mounted') {
      const frame = requestAnimationFrame(() => dispatch('painted'));
      return () => cancelAnimationFrame(frame);
    }
    if (phase === 'closing') {
      const timer = setTimeout(() => dispatch('exited'), exitDelayMs);
      return () => clearTimeout(timer);
    }
  }, [phase, exitDelayMs]);

  return phase;
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons, right-aligned in the footer strip. */
  footer?: ReactNode;
  width?: number;
  children?: ReactNode;
}

export function Modal({ open, onClose, title, description, footer, width = MODAL.defaultWidth, children }: ModalProps) {
  const drawer = useIsDrawer();
  const exitMs = drawer ? MODAL.drawerAnimationMs : MODAL.exitDelayMs;
  const phase = useModalLifecycle(open, exitMs);
  const ref = useRef<HTMLDialogElement>(null);
  const drag = useDrawerDrag(ref, onClose);
  useThemeColorDim(drawer && isRendered(phase));
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const mounted = isMounted(phase);

  useEffect(() => {
    const dialog = ref.current;
    if (!mounted || !dialog || dialog.open) return;
    opener.current = document.activeElement;
    // Browsers without showModal (and jsdom) still get an open, visible dialog.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, [mounted]);

  if (!mounted) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-phase={phase}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-drawer={drawer || undefined}
      style={
        drawer
          ? {
              transform: isRendered(phase) ? `translateY(${drag.offset}px)` : 'translateY(100%)',
              transitionDuration: drag.dragging ? '0ms' : `${exitMs}ms`,
            }
          : { width: `${width}px`, maxWidth: 'calc(100vw - 32px)', transitionDuration: `${exitMs}ms` }
      }
      className={cx(
        'overflow-hidden border-border bg-background p-0 text-foreground shadow-2xl',
        'ease-out backdrop:bg-black/50 backdrop:transition-opacity backdrop:duration-400',
        drawer
          ? 'mx-0 mt-auto mb-0 max-h-[90vh] w-full max-w-none flex-col open:flex rounded-t-xl border-t transition-transform'
          : 'm-auto max-h-[calc(100vh-64px)] rounded-xl border transition-[opacity,transform]',
        !drawer && (isRendered(phase) ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0'),
        !isRendered(phase) && 'backdrop:opacity-0',
      )}
    >
      {drawer && <DrawerHandle {...drag.handlers} />}
      <div className={cx('flex flex-col gap-4 p-6', drawer && 'overflow-y-auto pt-2')}>
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {description && <div className="text-sm text-muted">{description}</div>}
        {children}
      </div>
      {footer && <div className="flex justify-end gap-2 border-t border-border bg-subtle px-6 py-4">{footer}</div>}
    </dialog>
  );
}
