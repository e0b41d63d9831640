// What the composition root passes the API and its services (ApiOptions), and the team a call acts
// for (Scope). A leaf of the services: it imports no service and nothing of Hono, so the domain layer
// and the HTTP adapter (../context.ts, which re-exports these) both build on it.

import type { ConsentBannerMode, Role, TeamBuildLimits } from '@nimbus/core';
import type { Db } from '@nimbus/db';
import type { DnsSettings, Engine, FunctionPoolOptions } from '@nimbus/engine';

export interface ApiOptions {
  db: Db;
  /** The dashboard's origin, used in links sent by mail and in replies (`inspectorUrl`). */
  publicUrl: string;
  /** Deployments are served at `*.deployDomain`. */
  deployDomain: string;
  /** Budget alert webhooks may reach loopback and private addresses (NIMBUS_HOOKS_PRIVATE_ADDRESSES). */
  allowPrivateHookAddresses?: boolean;
  /** Members of the team with this slug are Nimbus staff. */
  staffTeam: string;
  /** Users at this e-mail domain are never tracked (NIMBUS_STAFF_EMAIL_DOMAIN; default DEFAULT_STAFF_EMAIL_DOMAIN). */
  staffEmailDomain?: string;
  /** smtp://user:pass@host:port ; without it mail stays in the outbox. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Trust X-Forwarded-For for the client IP (behind a proxy). */
  trustProxy?: boolean;
  /** Where the server runs; outside production `?marketfit=` may override the market fit. */
  environment?: 'production' | 'preview' | 'development';
  /** Enrichment endpoint answering {grade, employees} for `?ip=`; without it market fit is 0. */
  marketFitUrl?: string;
  /** Sign-ups allowed per client IP per hour (default 20). */
  signupLimitPerHour?: number;
  /** NIMBUS_GIT_DIR: the projects' bare git repositories (their remotes at `/git/<team>/<project>.git`); none disables them. */
  gitDir?: string;
  /** File store, env cipher and events; the project, file and deployment routes need it. */
  engine?: Engine;
  /** Builds one team runs at once by plan (NIMBUS_BUILD_CONCURRENCY_*); default TEAM_BUILD_LIMITS. */
  teamBuildLimits?: TeamBuildLimits;
  /** NIMBUS_BUILD_SANDBOX: `off` means builds run without isolation, which every process reports. */
  buildSandbox?: 'on' | 'off';
  /** What functions get when their config names no limit (NIMBUS_FUNCTION_*), shown on the deployment page. */
  functionLimits?: FunctionLimits;
  /** Custom domains: DNS servers to ask and what records must point at (NIMBUS_DNS_SERVERS, NIMBUS_EDGE_IPV4 ...). */
  dns?: DnsSettings;
  /** Caddy's storage directory (NIMBUS_CADDY_DATA_DIR), read by `vercel certs ls`. */
  caddyDataDir?: string;
  /** How long an SSO sign-in counts as recent for teams that enforce SSO (default 24 h, SSO_MAX_AGE_MS in ./access.ts). */
  ssoMaxAgeMs?: number;
  /** Records an unexpected exception (never shown to the caller) in `server_errors`; the front server passes it. */
  recordServerError?: (entry: ServerErrorReport) => Promise<void>;
  /** NIMBUS_CONSENT_BANNER: whether Nimbus's own pages ask before tracking (default `auto`). */
  consentBanner?: ConsentBannerMode;
  /** NIMBUS_COUNTRY_HEADER, lower case: the request header with the visitor's country code. */
  countryHeader?: string;
  /** Stripe billing (NIMBUS_STRIPE_*); without it billing is self-hosted: no charges, staff assign plans. */
  stripe?: StripeSettings;
}

export interface StripeSettings {
  /** `sk_test_`/`rk_test_` keys are Stripe's test mode, which the billing page marks. Never logged or sent to browsers. */
  secretKey: string;
  webhookSecret?: string;
  publishableKey?: string;
  /** The Pro seat price; without it one is found or created by lookup key (services/stripe-client.ts). */
  priceId?: string;
  /** Another API host than api.stripe.com (stripe-mock, tests). */
  apiUrl?: string;
}

/** An unexpected exception as the API reports it (apps/web/server/tracing.ts stores it, redacted). */
export interface ServerErrorReport {
  source: 'api' | 'front';
  error: unknown;
  method?: string;
  path?: string;
  requestId?: string;
  traceId?: string;
}

/** The runner pool's defaults and cap, as the edge applies them (packages/engine/src/functions/pool.ts). */
export type FunctionLimits = Required<
  Pick<FunctionPoolOptions, 'defaultMemoryMb' | 'memoryMaxMb' | 'defaultMaxDuration' | 'maxDurationCap'>
>;

export interface Scope {
  teamId: string;
  slug: string;
  name: string;
  role: Role;
  personal: boolean;
}
