'use client';
import { clearLoggedInFlag } from '@nimbus/client';
// Sends a logged-out visitor of a dashboard page to /login?next=… (docs/spec.md §2). Only the browser knows
// the #hash, so the server guard renders this instead of redirecting itself. The server's session
// call answered 403, so the readable isLoggedIn flag goes too (docs/spec.md §8): its own Set-Cookie never
// reached the browser.
import { useEffect } from 'react';

export function loginUrl(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

export function LoginRedirect() {
  useEffect(() => {
    clearLoggedInFlag();
    const { pathname, search, hash } = window.location;
    window.location.replace(loginUrl(pathname + search + hash));
  }, []);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center"
    >
      <h1 className="text-xl font-semibold">Log in to continue</h1>
      <p className="text-sm text-muted">This page needs you to be logged in. Taking you to the login page…</p>
      <a href="/login" className="text-sm font-medium text-accent underline-offset-4 hover:underline">
        Log in
      </a>
    </main>
  );
}
