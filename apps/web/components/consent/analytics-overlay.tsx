'use client';
// The analytics overlay (docs/spec.md §3): Ctrl+Shift+A toggles a panel listing what the page's
// trackers send as they send it (lib/tracked-events.ts), newest first. The server mounts it only for
// staff and in preview environments (components/consent/site-analytics.tsx); for everyone else the
// component is absent and the key does nothing. Events are collected from mount, so opening the
// panel shows what fired before.
import { useEffect, useState } from 'react';
import { onTracked, type TrackedEvent } from '@/lib/tracked-events';

const KEPT = 100;

export function isOverlayShortcut(event: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'altKey' | 'key'>): boolean {
  return event.ctrlKey && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'a';
}

function preview(data: unknown): string {
  if (data === undefined) return '';
  try {
    return JSON.stringify(data, null, 1);
  } catch {
    return String(data);
  }
}

export function AnalyticsOverlay() {
  const [open, setOpen] = useState(false);
  const [events, setEvents] = useState<TrackedEvent[]>([]);

  useEffect(() => onTracked((event) => setEvents((list) => [event, ...list].slice(0, KEPT))), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isOverlayShortcut(event)) return;
      event.preventDefault();
      setOpen((o) => !o);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!open) return null;
  return (
    <aside
      aria-label="Analytics overlay"
      className="fixed right-4 top-20 z-[65] flex max-h-[70vh] w-[min(26rem,calc(100vw-2rem))] flex-col rounded-xl border border-border bg-background text-sm shadow-2xl"
    >
      <header className="flex items-center justify-between border-b border-border px-4 py-2">
        <h2 className="font-semibold">Analytics events</h2>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded-md px-2 py-1 text-muted hover:bg-subtle hover:text-foreground"
        >
          Close
        </button>
      </header>
      {events.length === 0 ? (
        <p className="px-4 py-3 text-muted">No events yet. They appear here as they are sent.</p>
      ) : (
        <ol className="overflow-auto">
          {events.map((event, i) => (
            <li key={`${event.at}-${events.length - i}`} className="border-b border-border px-4 py-2 last:border-0">
              <p>
                <span className="font-mono text-xs text-muted">{event.source}</span>{' '}
                <span className="font-medium">{event.name}</span>{' '}
                <time className="text-xs text-muted" dateTime={new Date(event.at).toISOString()}>
                  {new Date(event.at).toLocaleTimeString()}
                </time>
              </p>
              {event.data !== undefined && (
                <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all font-mono text-xs text-muted">
                  {preview(event.data)}
                </pre>
              )}
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
