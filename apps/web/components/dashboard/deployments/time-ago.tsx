'use client';
// "3m ago" that stays true while the page is open: every <TimeAgo> shares one 30-second clock. The
// server renders the same words from its own clock; a minute's difference at hydration is expected,
// so that one text node is allowed to differ. The full date is in the tooltip and dateTime.
import { useSyncExternalStore } from 'react';

const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((l) => l());
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const clientNow = () => now;
// The server module lives for days: its renders read the real clock.
const serverNow = () => (typeof window === 'undefined' ? Date.now() : now);

/** "just now", "5m ago", "3h ago", "2d ago", then the date. */
function ago(ms: number, at: number): string {
  const s = Math.max(0, Math.round((at - ms) / 1000));
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))}m ago`;
  if (s < 86_400) return `${Math.round(s / 3600)}h ago`;
  if (s < 30 * 86_400) return `${Math.round(s / 86_400)}d ago`;
  return new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export function TimeAgo({ ms, className }: { ms: number; className?: string }) {
  const at = useSyncExternalStore(subscribe, clientNow, serverNow);
  const date = new Date(ms);
  return (
    <time dateTime={date.toISOString()} title={date.toUTCString()} className={className} suppressHydrationWarning>
      {ago(ms, Math.max(at, ms))}
    </time>
  );
}
