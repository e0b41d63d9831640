// What the tracker keeps in the browser, only once consent allows it (lib/consent.ts): the
// campaign attribution in localStorage (90 days, packages/core/src/tracking.ts) and the session id
// and first referrer in sessionStorage under `sid` and `srid`. Storage that throws (private mode,
// blocked) is treated as empty: tracking never breaks a page.
import {
  ATTRIBUTION_STORAGE_KEY,
  type Attribution,
  nextAttribution,
  parseAttribution,
  SESSION_ID_KEY,
  SESSION_REFERRER_KEY,
} from '@nimbus/core';

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function read(storage: KeyValue | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValue | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or blocked: the value is simply not kept.
  }
}

/** Updates the stored attribution with this page load and returns it. */
export function captureAttribution(
  storage: KeyValue | undefined,
  url: string,
  referrer: string,
  now = Date.now(),
): Attribution {
  const next = nextAttribution(parseAttribution(read(storage, ATTRIBUTION_STORAGE_KEY), now), url, referrer, now);
  write(storage, ATTRIBUTION_STORAGE_KEY, JSON.stringify(next));
  return next;
}

/** The stored attribution, or null when there is none or it expired. Reading stores nothing. */
export function storedAttribution(storage: KeyValue | undefined, now = Date.now()): Attribution | null {
  return parseAttribution(read(storage, ATTRIBUTION_STORAGE_KEY), now);
}

/** The session id (`sid`) and the referrer the session began with (`srid`), made on first use. */
export function ensureSession(
  storage: KeyValue | undefined,
  referrer: string,
  makeId: () => string = () => crypto.randomUUID(),
): { id: string; referrer: string | null } {
  let id = read(storage, SESSION_ID_KEY);
  if (!id) {
    id = makeId();
    write(storage, SESSION_ID_KEY, id);
    write(storage, SESSION_REFERRER_KEY, referrer);
  }
  return { id, referrer: read(storage, SESSION_REFERRER_KEY) || null };
}

/** The id of the user last identified in this browser, so log in and log out are seen once each. */
export const IDENTIFIED_KEY = 'nimbus:identified';

export function identifiedUser(storage: KeyValue | undefined): string | null {
  return read(storage, IDENTIFIED_KEY);
}

export function setIdentifiedUser(storage: KeyValue | undefined, userId: string | null): void {
  if (userId) write(storage, IDENTIFIED_KEY, userId);
  else {
    try {
      storage?.removeItem(IDENTIFIED_KEY);
    } catch {
      // Blocked storage: nothing to remove.
    }
  }
}
