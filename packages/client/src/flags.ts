// The flags call of docs/spec.md §7: a GET to a configured path with `flags=true`, which throws on
// an HTTP error unless the caller says otherwise (then it answers no flags, so every flag reads off).
import { FLAGS_PATH } from '@nimbus/core';
import type { ApiFetch } from './fetcher';

export interface FlagsReply {
  teamId: string | null;
  flags: Record<string, boolean>;
}

export interface FetchFlagsOptions {
  /** Defaults to FLAGS_PATH (`/api/v1/flags`). */
  path?: string;
  teamId?: string;
  /** Default true: an HTTP error rejects. False: it answers `{ teamId: null, flags: {} }`. */
  throwOnError?: boolean;
  signal?: AbortSignal;
}

export async function fetchFlags(apiFetch: ApiFetch, options: FetchFlagsOptions = {}): Promise<FlagsReply> {
  try {
    return await apiFetch<FlagsReply>(options.path ?? FLAGS_PATH, {
      query: { flags: true, teamId: options.teamId },
      signal: options.signal,
    });
  } catch (error) {
    if (options.throwOnError ?? true) throw error;
    return { teamId: null, flags: {} };
  }
}
