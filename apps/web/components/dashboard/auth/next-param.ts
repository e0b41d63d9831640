// The `next` parameter of /login and /signup (docs/spec.md §2): where to return after logging in. Only
// internal link targets are followed, so a crafted link cannot send users to another site.
import { isValidLinkTarget } from '@nimbus/core';

export function safeNext(value: string | string[] | undefined | null): string | null {
  const next = Array.isArray(value) ? value[0] : value;
  return next && isValidLinkTarget(next) ? next : null;
}

/** Builds /login or /signup keeping `next`, so switching between the two never loses it. */
export function authHref(path: '/login' | '/signup', next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
