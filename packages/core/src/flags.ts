// Feature flags (docs/spec.md §7): staff define a flag with a rollout percentage and per-team
// overrides; every caller sees the same answer for the same flag and team, on the server that
// answers the flags call and in tests. The bucket is a 32-bit FNV-1a hash written out here rather
// than a library: five lines that must give the same number in the browser and in Node, with no
// async WebCrypto and no dependency for it.

export const FLAG_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** The flags call answers at this path (`GET /api/v1/flags?flags=true`). */
export const FLAGS_PATH = '/api/v1/flags';
/** Exposures and events of flags are posted here as `{events, exposures, user, v: 2}`. */
export const STATSIG_PATH = '/api/stream/internal/statsig';
export const STATSIG_VERSION = 2;

export interface FlagRule {
  key: string;
  enabled: boolean;
  /** 0-100: the share of teams (or users without a team) that see the flag on. */
  rolloutPercentage: number;
  /** Team id to forced value; wins over the rollout. */
  overrides: Record<string, boolean>;
}

/** Why a flag has its value for a subject; exposures carry it as their variant's reason. */
export type FlagReason = 'disabled' | 'override' | 'rollout';

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The subject's bucket for a flag, 0-99: the same flag and subject always land in the same one. */
export function flagBucket(flagKey: string, subjectId: string): number {
  return fnv1a(`${flagKey}:${subjectId}`) % 100;
}

/**
 * The value of a flag for a team (or for a user without one): a team override first, then off when
 * the flag is disabled, then the subject's bucket against the rollout percentage.
 */
export function evaluateFlag(
  rule: FlagRule,
  subject: { teamId?: string | null; userId: string },
): { value: boolean; reason: FlagReason } {
  const override = subject.teamId ? rule.overrides[subject.teamId] : undefined;
  if (override !== undefined) return { value: override, reason: 'override' };
  if (!rule.enabled) return { value: false, reason: 'disabled' };
  const bucket = flagBucket(rule.key, subject.teamId || subject.userId);
  return { value: bucket < rule.rolloutPercentage, reason: 'rollout' };
}
