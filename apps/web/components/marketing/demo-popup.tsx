'use client';
import type { MarketFit } from '@nimbus/core';
// The sales-demo popup (docs/spec.md §2, §4, §9) on the pages that have one. The rules live in
// demo-popup-state.ts; this component only wires them to the clock, local storage and the market-fit
// API. Storage can throw (private mode, quota, disabled): such errors are swallowed, as the spec
// asks, and the popup then behaves as for a first visit.
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  POPUP_STORAGE_KEY,
  type PopupEvent,
  type PopupRecord,
  type PopupState,
  parseRecord,
  popupDelay,
  step,
} from './demo-popup-state';

const AVATAR_PX = 64;

function readRecord(now: number): PopupRecord | null {
  try {
    return parseRecord(localStorage.getItem(POPUP_STORAGE_KEY), now);
  } catch {
    return null;
  }
}

function writeRecord(record: PopupRecord | undefined): void {
  if (!record) return;
  try {
    localStorage.setItem(POPUP_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Reported silently (docs/spec.md §8): the popup works without storage.
  }
}

async function fetchMarketFit(query: string | null): Promise<MarketFit> {
  const res = await fetch(query === null ? '/api/marketfit' : `/api/marketfit?marketfit=${encodeURIComponent(query)}`);
  const body = (await res.json()) as { marketFit: MarketFit; note?: string };
  if (body.note) console.debug(`[demo popup] ${body.note}`);
  return body.marketFit;
}

export function DemoPopup({ path }: { path: string }) {
  const [state, setState] = useState<PopupState>('idle');
  const current = useRef<PopupState>('idle');
  const started = useRef(false);
  // Storage is written here, in the event path, never during render.
  const dispatch = useCallback((event: PopupEvent) => {
    const now = Date.now();
    const next = step(current.current, event, readRecord(now), now);
    writeRecord(next.record);
    current.current = next.state;
    setState(next.state);
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(location.search).get('marketfit');
    fetchMarketFit(query)
      .then((marketFit) => dispatch({ type: 'start', path, marketFit, forced: query === '1' }))
      .catch(() => dispatch({ type: 'start', path, marketFit: 0, forced: false }));
  }, [path, dispatch]);

  useEffect(() => {
    if (state !== 'waiting') return;
    const timer = setTimeout(() => dispatch({ type: 'timeout' }), popupDelay(path) ?? 0);
    return () => clearTimeout(timer);
  }, [state, path, dispatch]);

  useEffect(() => {
    if (state !== 'shown') return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dispatch({ type: 'close' });
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [state, dispatch]);

  if (state !== 'shown') return null;
  const follow = () => dispatch({ type: 'follow' });
  return (
    <aside
      role="dialog"
      aria-labelledby="demo-popup-title"
      className="fixed bottom-4 right-4 z-50 w-[calc(100%-2rem)] max-w-sm rounded-xl border border-border bg-background p-5 shadow-2xl"
    >
      <div className="flex gap-4">
        <Link href="/contact/sales/demo" onClick={follow} className="shrink-0" aria-label="Meet our team: book a demo">
          {/* An API-generated SVG; the image optimiser does not handle SVG, so a plain img at 2x is right. */}
          <img
            src={`/api/www/avatar?u=nimbus-sales&s=${AVATAR_PX * 2}`}
            alt=""
            width={AVATAR_PX}
            height={AVATAR_PX}
            className="rounded-full"
          />
        </Link>
        <div className="min-w-0">
          <h2 id="demo-popup-title" className="font-semibold">
            Planning a move for a large team?
          </h2>
          <p className="mt-1 text-sm text-muted">
            A Nimbus engineer will walk through your stack, your build times and what self-hosting would look like for
            you.
          </p>
          <Link
            href="/contact/sales/demo"
            onClick={follow}
            className="mt-3 inline-block text-sm font-medium text-accent hover:underline"
          >
            Get a personalised demo →
          </Link>
        </div>
      </div>
      <button
        type="button"
        onClick={() => dispatch({ type: 'close' })}
        aria-label="Close"
        className="absolute right-2 top-2 rounded-md p-1.5 text-muted hover:bg-subtle hover:text-foreground"
      >
        <svg
          viewBox="0 0 16 16"
          width="16"
          height="16"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M4 4l8 8M12 4l-8 8" />
        </svg>
      </button>
    </aside>
  );
}
