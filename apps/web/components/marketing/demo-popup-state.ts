// The sales-demo popup's rules (docs/spec.md §2, §4, §5, §9) as pure functions, so they are tested without a
// browser: which record in local storage still counts, whether this visit may show the popup,
// and how showing, closing and following the link change the state and the record.
import { DEMO_POPUP_PATHS, type MarketFit, POPUP_DISMISS_LIMIT, POPUP_RECORD_TTL_MS } from '@nimbus/core';

export const POPUP_STORAGE_KEY = 'nimbus:demo-popup';

const DAY_MS = 86_400_000;
/** A record whose lastShown is this old (2 to 60 days) is cleared: the visitor gets a fresh start. */
const STALE_FROM_MS = 2 * DAY_MS;
const STALE_TO_MS = 60 * DAY_MS;

/** The local-storage record of docs/spec.md §3: dismissions, lastShown and the date stamp it expires at. */
export interface PopupRecord {
  dismissions: number;
  lastShown: number | null;
  expires: number;
}

export type PopupState = 'idle' | 'waiting' | 'shown' | 'dismissed' | 'followed' | 'ineligible';

export type PopupEvent =
  | { type: 'start'; path: string; marketFit: MarketFit; forced: boolean }
  | { type: 'timeout' }
  | { type: 'close' }
  | { type: 'follow' };

export function newRecord(now: number): PopupRecord {
  return { dismissions: 0, lastShown: null, expires: now + POPUP_RECORD_TTL_MS };
}

/** The stored record if it is well formed, unexpired and not stale; otherwise null (start afresh). */
export function parseRecord(raw: string | null, now: number): PopupRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const record = value as Partial<PopupRecord> | null;
  if (typeof record?.dismissions !== 'number' || typeof record.expires !== 'number') return null;
  if (record.lastShown !== null && typeof record.lastShown !== 'number') return null;
  if (record.expires <= now) return null;
  const age = record.lastShown === null ? 0 : now - record.lastShown;
  if (age >= STALE_FROM_MS && age <= STALE_TO_MS) return null;
  return { dismissions: record.dismissions, lastShown: record.lastShown, expires: record.expires };
}

/** The delay before the popup appears on this path, or null where it never appears. */
export function popupDelay(path: string): number | null {
  return Object.hasOwn(DEMO_POPUP_PATHS, path) ? DEMO_POPUP_PATHS[path]! : null;
}

/** Sales-led visitors only; a past dismissal stops it unless `marketfit=1` forces it. */
export function isEligible(input: {
  path: string;
  marketFit: MarketFit;
  forced: boolean;
  record: PopupRecord | null;
}): boolean {
  if (popupDelay(input.path) === null || input.marketFit !== 1) return false;
  return input.forced || (input.record?.dismissions ?? 0) < POPUP_DISMISS_LIMIT;
}

/**
 * One transition. Returns the next state and, when it changed, the record to store. Events that do
 * not apply in the current state leave everything as it was.
 */
export function step(
  state: PopupState,
  event: PopupEvent,
  record: PopupRecord | null,
  now: number,
): { state: PopupState; record?: PopupRecord } {
  const current = record ?? newRecord(now);
  switch (event.type) {
    case 'start':
      if (state !== 'idle') return { state };
      return { state: isEligible({ ...event, record }) ? 'waiting' : 'ineligible' };
    case 'timeout':
      return state === 'waiting' ? { state: 'shown', record: { ...current, lastShown: now } } : { state };
    case 'close':
      return state === 'shown'
        ? { state: 'dismissed', record: { ...current, dismissions: current.dismissions + 1 } }
        : { state };
    case 'follow':
      return state === 'shown' ? { state: 'followed' } : { state };
  }
}
