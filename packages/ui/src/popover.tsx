'use client';
// A disclosure popover for menus in the header (scope switcher, user menu). It is a button with
// aria-expanded and a panel rather than an ARIA menu, so the panel can hold links, buttons and a
// radio group alike. Escape and outside clicks close it; arrow keys move between its controls.
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cx } from './cx';

export interface PopoverTriggerProps {
  'aria-expanded': boolean;
  'aria-controls': string;
  onClick: () => void;
  ref: React.RefObject<HTMLButtonElement | null>;
}

export interface PopoverProps {
  trigger: (props: PopoverTriggerProps) => ReactNode;
  /** Receives `close` so an item can dismiss the panel after it acts. */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  label: string;
  className?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Popover({ trigger, children, align = 'start', label, className }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !triggerRef.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      return close();
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(index + step + items.length) % items.length]?.focus();
  };

  return (
    <div className="relative min-w-0">
      {trigger({ 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen((o) => !o), ref: triggerRef })}
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-label={label}
        hidden={!open}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          const next = event.relatedTarget as Node | null;
          if (next && !panelRef.current?.contains(next) && !triggerRef.current?.contains(next)) close(false);
        }}
        className={cx(
          'absolute top-full z-50 mt-2 min-w-56 rounded-lg border border-border bg-background p-1 text-sm shadow-xl',
          align === 'end' ? 'right-0' : 'left-0',
          className,
        )}
      >
        {open && children(() => close())}
      </div>
    </div>
  );
}
