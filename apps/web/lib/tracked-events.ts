// Every tracker on Nimbus's own pages announces what it sends here, just before sending it, so the
// analytics overlay (Ctrl+Shift+A, for staff and in preview) can show events as they fire. Announcing
// sends nothing anywhere: it is a DOM event on this page only.
'use client';

export const TRACKED_EVENT = 'nimbus:tracked';

export type TrackedSource = 'insights' | 'activity' | 'search' | 'upgrade' | 'flags' | 'errors' | 'identify';

export interface TrackedEvent {
  source: TrackedSource;
  name: string;
  data?: unknown;
  at: number;
}

export function announceTracked(source: TrackedSource, name: string, data?: unknown): void {
  if (typeof window === 'undefined') return;
  const detail: TrackedEvent = { source, name, data, at: Date.now() };
  window.dispatchEvent(new CustomEvent<TrackedEvent>(TRACKED_EVENT, { detail }));
}

/** Calls `listener` for each announced event until the returned function is called. */
export function onTracked(listener: (event: TrackedEvent) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<TrackedEvent>).detail);
  window.addEventListener(TRACKED_EVENT, handler);
  return () => window.removeEventListener(TRACKED_EVENT, handler);
}
