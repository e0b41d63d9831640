// The session call of docs/spec.md §7 and §8: `GET /api/www/user` answers the user and flags once per page
// load. A 401 or 403 means the session is gone, so the readable `isLoggedIn` flag is removed here
// too (the API also clears it, but only on responses that reach the browser's cookie jar).
import { LOGGED_IN_COOKIE } from '@nimbus/core';
import { ApiError } from './api-error';
import type { ApiFetch } from './fetcher';

export const SESSION_PATH = '/api/www/user';

export interface SessionReply<User = unknown> {
  user: User;
  flags: Record<string, unknown>;
}

/** Expires the isLoggedIn cookie; a no-op outside browsers (Node, the CLI). */
export function clearLoggedInFlag(doc: Pick<Document, 'cookie'> | undefined = globalThis.document): void {
  if (doc) doc.cookie = `${LOGGED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** The session, or null when logged out; other failures (network, 5xx) are thrown as ApiError. */
export async function fetchSession<User = unknown>(
  apiFetch: ApiFetch,
  options: { signal?: AbortSignal; document?: Pick<Document, 'cookie'> } = {},
): Promise<SessionReply<User> | null> {
  try {
    return await apiFetch<SessionReply<User>>(SESSION_PATH, { signal: options.signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      clearLoggedInFlag(options.document ?? globalThis.document);
      return null;
    }
    throw error;
  }
}
