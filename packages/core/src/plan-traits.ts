// Derived analytics traits of a team (docs/spec.md §3, §4), computed from its plan history: one entry
// per plan change, oldest first, as `plan_history` stores them (packages/db/src/queries/billing.ts).
// Pure, so the boundaries (a trial's last millisecond, a downgrade during a trial, a re-upgrade)
// are tested without a database.

export type HistoryPlan = 'hobby' | 'pro' | 'enterprise';

export interface PlanHistoryEntry {
  plan: HistoryPlan;
  /** `trialing` for the Pro trial, whose last instant is just before `trialEnd`. */
  status: 'active' | 'trialing';
  /** When this plan began, ms since the epoch. */
  startedAt: number;
  trialEnd: number | null;
}

export interface PlanTraits {
  isTrial: boolean;
  trialStartDate: number | null;
  trialEndDate: number | null;
  /** A trial that was followed by a move back to Hobby before it ended. */
  hasDowngradedTrial: boolean;
  isPro: boolean;
  proStartDate: number | null;
  isEnterprise: boolean;
  enterpriseStartDate: number | null;
  hobbyStartDate: number | null;
  isStaff: boolean;
}

/**
 * The traits at `now`. Entries starting after `now` are ignored. A trial counts while
 * `startedAt <= now < trialEnd`; a trial that ran out without a paid upgrade is no longer Pro.
 * Each `*StartDate` is when the team's current stretch on that plan began (a re-upgrade starts a
 * new one), null when it is on another plan; the trial dates are those of its latest trial.
 */
export function planTraits(history: readonly PlanHistoryEntry[], now: number, isStaff = false): PlanTraits {
  const past = history.filter((e) => e.startedAt <= now).sort((a, b) => a.startedAt - b.startedAt);
  const current = past.at(-1);
  const trials = past.filter((e) => e.status === 'trialing');
  const lastTrial = trials.at(-1);
  const trialLive = (e: PlanHistoryEntry) => e.status === 'trialing' && e.trialEnd !== null && now < e.trialEnd;
  const isTrial = current !== undefined && trialLive(current);
  const hasDowngradedTrial = past.some((entry, i) => {
    const next = past[i + 1];
    return (
      entry.status === 'trialing' &&
      next !== undefined &&
      next.plan === 'hobby' &&
      entry.trialEnd !== null &&
      next.startedAt < entry.trialEnd
    );
  });
  const onPlan = (plan: HistoryPlan) => current?.plan === plan && (current.status === 'active' || trialLive(current));
  const stretchStart = (plan: HistoryPlan) => {
    if (!onPlan(plan)) return null;
    let start = current!.startedAt;
    for (let i = past.length - 2; i >= 0 && past[i]!.plan === plan; i--) start = past[i]!.startedAt;
    return start;
  };
  const hobby = current?.plan === 'hobby' ? stretchStart('hobby') : null;
  return {
    isTrial,
    trialStartDate: lastTrial?.startedAt ?? null,
    trialEndDate: lastTrial?.trialEnd ?? null,
    hasDowngradedTrial,
    isPro: onPlan('pro'),
    proStartDate: stretchStart('pro'),
    isEnterprise: onPlan('enterprise'),
    enterpriseStartDate: stretchStart('enterprise'),
    hobbyStartDate: hobby,
    isStaff,
  };
}
