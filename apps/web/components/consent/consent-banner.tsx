'use client';
// The consent banner (lib/consent.ts): a small card in the bottom-left corner, never a modal, so the
// page stays usable while it shows. It appears when GET /api/show-consent-banner says this visitor
// must be asked and no choice is recorded, and again whenever a "Cookie preferences" control asks.
// Accept and Decline record the choice in the `consent` cookie; accepting starts waiting trackers
// at once, without a reload.
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { fetchShowBanner, onConsentPreferences, readConsent, recordConsent } from '@/lib/consent';

export function ConsentBanner() {
  const [open, setOpen] = useState<'asked' | 'reopened' | null>(null);
  const [current, setCurrent] = useState<boolean | null>(null);
  const card = useRef<HTMLElement>(null);

  useEffect(() => {
    let live = true;
    if (!readConsent()) {
      void fetchShowBanner().then((show) => {
        if (live && show && !readConsent()) setOpen((o) => o ?? 'asked');
      });
    }
    const off = onConsentPreferences(() => {
      setCurrent(readConsent()?.analytics ?? null);
      setOpen('reopened');
    });
    return () => {
      live = false;
      off();
    };
  }, []);

  // Opened on request: focus moves to the card so keyboard users land on the choice.
  useEffect(() => {
    if (open === 'reopened') card.current?.focus();
  }, [open]);

  if (!open) return null;
  const choose = (analytics: boolean) => {
    recordConsent(analytics);
    setOpen(null);
  };
  return (
    <section
      ref={card}
      tabIndex={-1}
      aria-labelledby="consent-title"
      className="fixed bottom-4 left-4 z-50 w-[calc(100%-2rem)] max-w-xs rounded-xl border border-border bg-background p-4 text-sm shadow-2xl outline-none focus-visible:ring-2 focus-visible:ring-accent"
    >
      <h2 id="consent-title" className="font-semibold">
        Analytics cookies
      </h2>
      <p className="mt-1 text-muted">
        May we measure how this site is used? Nothing is tracked until you accept.{' '}
        <Link href="/legal/privacy#consent" className="text-accent underline underline-offset-2">
          Privacy policy
        </Link>
      </p>
      {open === 'reopened' && current !== null && (
        <p className="mt-1 text-muted">You have {current ? 'accepted' : 'declined'} analytics.</p>
      )}
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={() => choose(true)}
          className="rounded-md bg-foreground px-3 py-1.5 font-medium text-background hover:opacity-90"
        >
          Accept
        </button>
        <button
          type="button"
          onClick={() => choose(false)}
          className="rounded-md border border-border px-3 py-1.5 font-medium hover:bg-subtle"
        >
          Decline
        </button>
      </div>
    </section>
  );
}
