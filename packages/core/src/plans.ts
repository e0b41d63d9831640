// Plan catalogue read by the pricing page, billing and quota checks, so advertised and enforced limits match.

export const PLAN_IDS = ['hobby', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PRO_TRIAL_DAYS = 14;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface PlanLimits {
  projects: number;
  deploymentsPerDay: number;
  buildMinutesPerMonth: number;
  bandwidthGb: number;
  /** Metered usage included each month (packages/core/src/usage.ts); past it Pro pays overage, Hobby is limited. */
  edgeRequestsPerMonth: number;
  functionInvocationsPerMonth: number;
  functionGbHoursPerMonth: number;
  imageTransformationsPerMonth: number;
  analyticsEventsPerMonth: number;
  concurrentBuilds: number;
  /** The most memory one function may run with, in MB, whatever its `.vc-config.json` asks (Vercel's figures). */
  functionMemoryMb: number;
  teamMembers: number;
  /** How long a function's runtime logs are kept, in milliseconds (Vercel's figures per plan). */
  runtimeLogRetention: number;
  /** How long the team's audit log keeps an event, in days (GET /v3/events, Team settings → Audit log). */
  auditLogRetentionDays: number;
  /** How long Web Analytics daily figures are kept, in days (raw events at most WEB_RAW_RETENTION_DAYS). */
  analyticsRetentionDays: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per member per month; null means the price is negotiated. */
  priceMonthly: number | null;
  tagline: string;
  features: readonly string[];
  limits: Readonly<PlanLimits>;
}

// Infinity marks "no limit"; quota checks can compare against it without a special case.
export const PLANS = {
  hobby: {
    id: 'hobby',
    name: 'Hobby',
    priceMonthly: 0,
    tagline: 'For personal projects and experiments. Free forever.',
    features: [
      'Unlimited preview deployments for every upload',
      'Instant rollbacks',
      'Environment variables per environment',
      'Community support',
    ],
    limits: {
      projects: 200,
      deploymentsPerDay: 150,
      buildMinutesPerMonth: 6_000,
      bandwidthGb: 200,
      edgeRequestsPerMonth: 1_000_000,
      functionInvocationsPerMonth: 1_000_000,
      functionGbHoursPerMonth: 100,
      imageTransformationsPerMonth: 5_000,
      analyticsEventsPerMonth: 50_000,
      concurrentBuilds: 1,
      functionMemoryMb: 2048,
      teamMembers: 1,
      runtimeLogRetention: HOUR,
      auditLogRetentionDays: 7,
      analyticsRetentionDays: 30,
    },
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceMonthly: 20,
    tagline: 'For professional teams shipping to production.',
    features: [
      'Everything in Hobby',
      'Unlimited team members and projects',
      'Role-based access control',
      'SAML single sign-on',
      'Email support',
      `${PRO_TRIAL_DAYS}-day free trial`,
    ],
    limits: {
      projects: Infinity,
      deploymentsPerDay: 6_000,
      buildMinutesPerMonth: 30_000,
      bandwidthGb: 1_000,
      edgeRequestsPerMonth: 10_000_000,
      functionInvocationsPerMonth: 10_000_000,
      functionGbHoursPerMonth: 1_000,
      imageTransformationsPerMonth: 10_000,
      analyticsEventsPerMonth: 1_000_000,
      concurrentBuilds: 4,
      functionMemoryMb: 4096,
      teamMembers: Infinity,
      runtimeLogRetention: DAY,
      auditLogRetentionDays: 90,
      analyticsRetentionDays: 395,
    },
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceMonthly: null,
    tagline: 'For organisations that need scale, security and a support contract.',
    features: [
      'Everything in Pro',
      'Support for self-hosted installs',
      'Up to 12 concurrent builds',
      'Uptime SLA and priority support',
    ],
    limits: {
      projects: Infinity,
      deploymentsPerDay: Infinity,
      buildMinutesPerMonth: Infinity,
      bandwidthGb: Infinity,
      edgeRequestsPerMonth: Infinity,
      functionInvocationsPerMonth: Infinity,
      functionGbHoursPerMonth: Infinity,
      imageTransformationsPerMonth: Infinity,
      analyticsEventsPerMonth: Infinity,
      concurrentBuilds: 12,
      functionMemoryMb: 4096,
      teamMembers: Infinity,
      runtimeLogRetention: 3 * DAY,
      auditLogRetentionDays: 365,
      analyticsRetentionDays: 760,
    },
  },
} as const satisfies { [Id in PlanId]: Plan & { id: Id } };

/** Builds one team runs at once, across every worker, by plan (operators may change them). */
export type TeamBuildLimits = Readonly<Record<PlanId, number>>;

export const TEAM_BUILD_LIMITS: TeamBuildLimits = {
  hobby: PLANS.hobby.limits.concurrentBuilds,
  pro: PLANS.pro.limits.concurrentBuilds,
  enterprise: PLANS.enterprise.limits.concurrentBuilds,
};

/** Runtime logs kept per plan: Hobby an hour, Pro a day, Enterprise three days, as Vercel keeps them. */
export const RUNTIME_LOG_RETENTION: Readonly<Record<PlanId, number>> = {
  hobby: PLANS.hobby.limits.runtimeLogRetention,
  pro: PLANS.pro.limits.runtimeLogRetention,
  enterprise: PLANS.enterprise.limits.runtimeLogRetention,
};

/** Audit events kept per plan, in days: Hobby a week, Pro 90 days, Enterprise a year. */
export const AUDIT_LOG_RETENTION_DAYS: Readonly<Record<PlanId, number>> = {
  hobby: PLANS.hobby.limits.auditLogRetentionDays,
  pro: PLANS.pro.limits.auditLogRetentionDays,
  enterprise: PLANS.enterprise.limits.auditLogRetentionDays,
};

/** Web Analytics daily figures kept per plan, in days: Hobby a month, Pro 13 months, Enterprise 25 months. */
export const ANALYTICS_RETENTION_DAYS: Readonly<Record<PlanId, number>> = {
  hobby: PLANS.hobby.limits.analyticsRetentionDays,
  pro: PLANS.pro.limits.analyticsRetentionDays,
  enterprise: PLANS.enterprise.limits.analyticsRetentionDays,
};
