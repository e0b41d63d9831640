// Days left in a trial as the billing page says them: whole days, rounded up, never negative.
const DAY_MS = 86_400_000;

export function trialDaysLeft(endMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((endMs - nowMs) / DAY_MS));
}
