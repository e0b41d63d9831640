'use client';
import { cx, focusRing } from '@nimbus/ui';
// The header's hint that the command menu exists: a search-like button showing its shortcut, ⌘K on
// Apple devices and Ctrl K elsewhere (decided after hydration, so server and client HTML agree).
// Hidden on narrow screens, where the header has no room and there is no keyboard to teach.
import { useSyncExternalStore } from 'react';
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
      className={cx(
        'hidden h-8 w-52 items-center gap-2 rounded-md border border-border px-2 text-sm text-muted hover:bg-subtle hover:text-foreground md:flex',
        focusRing,
      )}
    >
      <svg aria-hidden viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
        <circle cx="7" cy="7" r="4.5" />
        <path d="M10.5 10.5L14 14" />
      </svg>
      <span className="flex-1 text-left">Search…</span>
      <kbd aria-hidden className="rounded border border-border px-1 font-mono text-[11px]">
        {apple ? '⌘K' : 'Ctrl K'}
      </kbd>
    </button>
  );
}
