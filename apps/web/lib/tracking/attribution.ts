// The stored attribution for a form that sends it (the sign-up and the sales forms): only when
// consent allows tracking, and only what the tracker already stored; reading stores nothing.
import type { Attribution } from '@nimbus/core';
import { analyticsAllowedNow } from '@/lib/consent';
import { storedAttribution } from './storage';

export function attributionForForm(): Attribution | null {
  if (typeof window === 'undefined' || !analyticsAllowedNow()) return null;
  try {
    return storedAttribution(window.localStorage);
  } catch {
    return null;
  }
}
