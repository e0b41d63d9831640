'use client';
// The header's hint that the command menu exists: a search-like button showing its shortcut, ⌘K on
// Apple devices and Ctrl K elsewhere (decided after hydration, so server and client HTML agree).
import { useSyncExternalStore } from 'react';
import { cx, focusRing } from '@nimbus/ui';
import { useOpenCommandMenu } from './command-menu-provider';

const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function CommandMenuButton() {
  const open = useOpenCommandMenu();
  const apple = useSyncExternalStore(
    () => () => {},
    isApple,
    () => false,
  );
  return (
    <button
      type="button"
      onClick={open}
      aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
      className={cx('flex h-8 items-center gap-2 rounded-md border border-border px-2 text-sm text-muted hover:bg-subtle hover:text-foreground sm:w-52', focusRing)}
    >
      <svg aria-hidden viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
        <circle cx="7" cy="7" r="4.5" />
        <path d="M10.5 10.5L14 14" />
      </svg>
      <span className="sr-only sm:not-sr-only sm:flex-1 sm:text-left">Search…</span>
      <kbd aria-hidden className="hidden rounded border border-border px-1 font-mono text-[11px] sm:inline">
        {apple ? '⌘K' : 'Ctrl K'}
      </kbd>
    </button>
  );
}
