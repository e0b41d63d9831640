// Every environment variable the Nimbus server reads, in one table: its default, what it does and
// how it is parsed. loadConfig reads them once at start and passes typed values down; nothing else
// in the server reads process.env. The README's configuration table is tested against CONFIG_VARIABLES.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import path from 'node:path';
import { TEAM_BUILD_LIMITS } from '@nimbus/core';
import type { S3Options } from '@nimbus/engine';
// The module itself, not the package: the configuration is read before anything of the engine is needed.
import { SANDBOX_UID_BASE_DEFAULT, SANDBOX_UID_BASE_MIN } from '@nimbus/engine/src/sandbox/host-user';
import { z } from 'zod';
import {
  bytes,
  dnsServers,
  hostName,
  integer,
  ipList,
  oneOf,
  optional,
  seconds,
  settings,
  text,
  url,
  variable,
} from './settings';

const ROLES = ['web', 'api', 'edge', 'worker'] as const;
export type Role = (typeof ROLES)[number];
const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

const roles = z
  .string()
  .transform((value) => value.split(',').map((r) => r.trim()))
  .superRefine((list, ctx) => {
    const unknown = list.filter((r) => !isRole(r));
    if (unknown.length)
      ctx.addIssue({ code: 'custom', message: `unknown role(s) ${unknown.join(', ')}; use ${ROLES.join(', ')}` });
  })
  .transform((list) => new Set(list.filter(isRole)));
const processes = z
  .string()
  .regex(/^(auto|[1-9]\d{0,2})$/, 'use a whole number of processes (1 to 999) or auto')
  .transform((value) => (value === 'auto' ? availableParallelism() : Number(value)));

/** The one table of settings. Add a variable here and a row to the README's configuration table. */
const Env = z.object({
  PORT: variable(integer(0, 65535), {
    default: '3000',
    example: '8080',
    description: 'Port of the one Nimbus process.',
  }),
  HOST: variable(text, { default: '0.0.0.0', example: '127.0.0.1', description: 'Address to listen on.' }),
  NIMBUS_DATA_DIR: variable(text, {
    default: './.nimbus',
    example: '/var/lib/nimbus',
    description: 'Embedded database, stored files and the generated secret.',
  }),
  DATABASE_URL: optional(url, {
    shown: 'unset',
    secret: true,
    example: 'postgres://nimbus:password@db:5432/nimbus',
    description:
      '`postgres://...`: use PostgreSQL instead of the embedded PGlite. Same schema and migrations, applied at start.',
  }),
  NIMBUS_DB_POOL: variable(integer(1, 1000), {
    default: '10',
    example: '20',
    description: 'PostgreSQL connections per process.',
  }),
  NIMBUS_PUBLIC_URL: optional(url, {
    shown: 'http://localhost:$PORT',
    example: 'https://nimbus.example.com',
    description: "The dashboard's public origin, used in links (invitations, inspector URLs).",
  }),
  NIMBUS_DEPLOY_DOMAIN: variable(text, {
    default: 'localhost',
    example: 'nimbus.example.com',
    description:
      'Deployments are served at `<name>.<domain>`, e.g. `my-site-k3j2h1.localhost:3000`. Browsers resolve `*.localhost` themselves.',
  }),
  NIMBUS_SECRET: optional(z.string().min(32, 'use at least 32 characters'), {
    shown: 'generated',
    secret: true,
    example: '$(openssl rand -hex 32)',
    description:
      '32+ characters; encrypts environment variables and two-factor secrets at rest (AES-256-GCM). When unset, one is generated into `$NIMBUS_DATA_DIR/secret` (mode 600) on first start. Keep it: without it stored env values and two-factor logins cannot be read.',
  }),
  NIMBUS_ROLE: variable(roles, {
    default: ROLES.join(','),
    example: 'web,api',
    description: 'Which roles this process runs (see "At scale"). Also `--role` on the command line.',
  }),
  NIMBUS_PROCESSES: variable(processes, {
    default: '1',
    example: 'auto',
    description:
      'Copies of the server sharing `PORT` (`auto`: one per CPU core). Above 1 needs `DATABASE_URL`. Also `--processes`.',
  }),
  NIMBUS_STAFF_TEAM: variable(text, {
    default: 'nimbus-staff',
    example: 'my-company',
    description:
      'Members of the team with this slug are Nimbus staff (the staff console at `/admin`, internal commands, sales leads, search analytics, feature flags, client errors). The default slug is reserved, so nobody can make themselves staff: set this to the slug of a team you created.',
  }),
  NIMBUS_STAFF_EMAIL_DOMAIN: variable(text, {
    default: 'nimbus.dev',
    example: 'my-company.com',
    description:
      "Users whose e-mail address is at this domain are your own people: Nimbus's pages never send activity records, identify calls or attribution about them.",
  }),
  NIMBUS_ENV: optional(oneOf(['production', 'preview', 'development']), {
    shown: 'production',
    example: 'preview',
    description:
      "`production`, `preview` or `development`; outside production the `marketfit` query overrides the demo popup's market fit, and fraud-detection scores are recorded but never refuse a sign-up.",
  }),
  NIMBUS_TRUST_PROXY: variable(oneOf(['0', '1', 'true', 'false']), {
    default: '0',
    example: '1',
    description: '`1` to take the client IP from `X-Forwarded-For` (behind a load balancer), for login throttling.',
  }),
  NIMBUS_HTTP_PORT: variable(integer(1, 65535), {
    default: '80',
    example: '8080',
    description:
      'With `npm run start:tls`: the port where Caddy answers plain HTTP (redirects to HTTPS, ACME challenges).',
  }),
  NIMBUS_HTTPS_PORT: variable(integer(1, 65535), {
    default: '443',
    example: '8443',
    description: 'With `npm run start:tls`: the port where Caddy serves HTTPS in front of Nimbus.',
  }),
  NIMBUS_TLS_EMAIL: optional(z.string().email('use an e-mail address'), {
    shown: 'unset',
    example: 'ops@example.com',
    description:
      "With `npm run start:tls`: the address Caddy gives Let's Encrypt and ZeroSSL for notices about certificates.",
  }),
  NIMBUS_TLS_INTERNAL: variable(oneOf(['0', '1', 'true', 'false']), {
    default: '0',
    example: '1',
    description:
      "With `npm run start:tls`: `1` issues every certificate from Caddy's own local CA instead of Let's Encrypt, for tests and machines without public DNS.",
  }),
  NIMBUS_CADDY_DATA_DIR: optional(text, {
    shown: '~/.local/share/caddy',
    example: '/var/lib/caddy',
    description:
      "With `npm run start:tls`: where Caddy keeps certificates and keys (its `storage`); unset, Caddy's default (`$XDG_DATA_HOME/caddy`).",
  }),
  NIMBUS_SIGNUP_LIMIT: variable(integer(1, 1_000_000), {
    default: '20',
    example: '100',
    description: 'Sign-ups allowed per client IP per hour.',
  }),
  SMTP_URL: optional(text, {
    shown: 'unset',
    secret: true,
    example: 'smtp://user:pass@smtp.example.com:587',
    description:
      '`smtp://user:pass@host:587`: invitations, password reset links and account notices are sent through it. Without it they wait in the outbox: inviters copy invitation links from the members page, and Nimbus staff read account mail at `GET /api/v1/admin/account-mail`.',
  }),
  NIMBUS_MAIL_FROM: variable(text, {
    default: 'Nimbus <no-reply@localhost>',
    example: '"Nimbus <no-reply@example.com>"',
    description: 'Sender of invitation and account e-mails.',
  }),
  NIMBUS_STRIPE_SECRET_KEY: optional(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'use a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)'),
    {
      shown: 'unset',
      secret: true,
      example: 'sk_live_...',
      description:
        'Bill teams through Stripe: Pro subscriptions per seat with a card on file, monthly overage invoices, invoices in the dashboard. A `sk_test_`/`rk_test_` key shows the test-mode badge. Unset: self-hosted billing, no charges, staff assign plans from /admin.',
    },
  ),
  NIMBUS_STRIPE_WEBHOOK_SECRET: optional(text, {
    shown: 'unset',
    secret: true,
    example: 'whsec_...',
    description:
      'Signing secret of the Stripe webhook endpoint `https://<dashboard>/api/stripe/webhook` (events `customer.subscription.*`, `invoice.*`, `setup_intent.succeeded`); events whose signature does not match are refused.',
  }),
  NIMBUS_STRIPE_PUBLISHABLE_KEY: optional(
    z.string().regex(/^pk_(test|live)_\S+$/, 'use a Stripe publishable key (pk_test_... or pk_live_...)'),
    {
      shown: 'unset',
      example: 'pk_live_...',
      description: 'Publishable key the billing page gives Stripe.js to collect a card.',
    },
  ),
  NIMBUS_STRIPE_PRICE_ID: optional(text, {
    shown: 'unset',
    example: 'price_1Q...',
    description:
      "Stripe price of one Pro seat per month. Unset: Nimbus finds or creates the price with lookup key `nimbus_pro_seat` at Pro's catalogue price.",
  }),
  NIMBUS_STRIPE_API_URL: optional(url, {
    shown: 'https://api.stripe.com',
    example: 'http://127.0.0.1:12111',
    description: "Another Stripe API host (stripe-mock, a recording proxy); Stripe's own by default.",
  }),
  NIMBUS_SSO_MAX_AGE: variable(seconds, {
    default: '24h',
    example: '8h',
    description:
      'How long a SAML sign-in lasts for a team that enforces single sign-on (`24h`, `8h`); then its members sign in through the identity provider again.',
  }),
  NIMBUS_COUNTRY_HEADER: optional(text, {
    shown: 'unset',
    example: 'CF-IPCountry',
    description:
      "The request header in which your proxy or CDN puts the visitor's two-letter country code (`CF-IPCountry`, `X-Vercel-IP-Country`). Web Analytics records it, and the consent banner uses it to ask only where the law requires.",
  }),
  NIMBUS_CONSENT_BANNER: variable(oneOf(['auto', 'always', 'never']), {
    default: 'auto',
    example: 'never',
    description:
      "Whether Nimbus's own pages ask visitors before any tracking: `auto` asks unless `NIMBUS_COUNTRY_HEADER` places the visitor outside the EU, EEA, UK and Switzerland (no header: asks); `always`; `never`.",
  }),
  NIMBUS_ANALYTICS_DEPLOYMENT_LIMIT: variable(integer(1, 10_000_000), {
    default: '10000',
    example: '50000',
    description:
      'Web Analytics and Speed Insights requests one deployment may take in 10 seconds, per Nimbus process; past it, 429 with `Retry-After`. Each visitor may send 60 in 10 seconds.',
  }),
  NIMBUS_SITE_ANALYTICS_PROJECT: optional(text, {
    shown: 'unset',
    example: 'prj_2x8...',
    description:
      "The id of a project whose Web Analytics records Nimbus's own marketing, docs and dashboard pages. Unset, those pages load no insights script.",
  }),
  NIMBUS_S3_BUCKET: optional(text, {
    shown: 'unset',
    example: 'nimbus-files',
    description:
      'Store deployment files in this bucket of any S3-compatible object store instead of `$NIMBUS_DATA_DIR/files`.',
  }),
  NIMBUS_S3_ENDPOINT: optional(url, {
    shown: 'unset',
    example: 'https://s3.example.com',
    description: 'The object store, when it is not AWS S3 (MinIO, R2...).',
  }),
  NIMBUS_S3_REGION: variable(text, { default: 'us-east-1', example: 'eu-west-1', description: "The bucket's region." }),
  NIMBUS_S3_ACCESS_KEY_ID: optional(text, {
    shown: 'unset',
    secret: true,
    example: 'AKIA...',
    description: "Key pair of the object store; unset, the AWS SDK's usual sources (instance role, `~/.aws`) apply.",
  }),
  NIMBUS_S3_SECRET_ACCESS_KEY: optional(text, {
    shown: 'unset',
    secret: true,
    example: '...',
    description: 'The secret half of that key pair.',
  }),
  NIMBUS_BUILD_TIMEOUT: variable(seconds, {
    default: '15m',
    example: '30m',
    description: 'Time limit of one build (`15m`, `90s`; a plain number is seconds).',
  }),
  NIMBUS_BUILD_CONCURRENCY: variable(integer(1, 64), {
    default: '1',
    example: '2',
    description: 'Builds one worker runs at once.',
  }),
  NIMBUS_BUILD_CONCURRENCY_HOBBY: variable(integer(1, 1000), {
    default: String(TEAM_BUILD_LIMITS.hobby),
    example: '2',
    description:
      'Builds one team on the hobby plan runs at once, across all workers; its other builds wait in `QUEUED`.',
  }),
  NIMBUS_BUILD_CONCURRENCY_PRO: variable(integer(1, 1000), {
    default: String(TEAM_BUILD_LIMITS.pro),
    example: '8',
    description: 'Builds one team on the pro plan runs at once, across all workers.',
  }),
  NIMBUS_BUILD_CONCURRENCY_ENTERPRISE: variable(integer(1, 1000), {
    default: String(TEAM_BUILD_LIMITS.enterprise),
    example: '24',
    description: 'Builds one team on the enterprise plan runs at once, across all workers.',
  }),
  NIMBUS_GIT_DIR: optional(text, {
    shown: '$NIMBUS_DATA_DIR/git',
    example: '/srv/nimbus/git',
    description:
      "The projects' git remotes (bare repositories served at `/git/<team>/<project>.git`). Every process with the `api` role must see the same folder.",
  }),
  NIMBUS_BUILD_DIR: optional(text, {
    shown: '$TMPDIR/nimbus-builds',
    example: '/var/tmp/nimbus-builds',
    description: 'Where builds run (each in its own folder, removed afterwards). Keep it outside the data dir.',
  }),
  NIMBUS_BUILD_CACHE_DIR: optional(text, {
    shown: '$TMPDIR/nimbus-build-cache',
    example: '/var/cache/nimbus-builds',
    description: 'Package manager caches, one per team.',
  }),
  NIMBUS_TOOLCHAIN_DIR: optional(text, {
    shown: '$TMPDIR/nimbus-toolchains',
    example: '/var/cache/nimbus-toolchains',
    description:
      'The build image: Node.js majors, pnpm, yarn and bun, fetched from the npm registry on first use and mounted read-only into builds and functions. Keep it outside the data dir, readable by every user (every team runs as its own uid).',
  }),
  NIMBUS_BUILD_SANDBOX: variable(oneOf(['on', 'off']), {
    default: 'on',
    example: 'off',
    description:
      'Builds run isolated (bubblewrap, slirp4netns); where that is impossible they are refused. `off` runs them as plain processes: only on a machine you would hand to every user.',
  }),
  NIMBUS_BUILD_NETWORK: variable(oneOf(['public', 'none']), {
    default: 'public',
    example: 'none',
    description:
      'Network of builds: `public` reaches the internet but not this host or private networks; `none` has none.',
  }),
  NIMBUS_BUILD_MEMORY: variable(bytes, {
    default: '2gb',
    example: '4gb',
    description: 'Memory of one build, all its processes together; past it the build is stopped.',
  }),
  NIMBUS_BUILD_PROCESSES: variable(integer(16, 100_000), {
    default: '512',
    example: '1024',
    description: 'Processes and threads one build may run at once; past it the build is stopped.',
  }),
  NIMBUS_SANDBOX_UID_BASE: variable(
    integer(
      SANDBOX_UID_BASE_MIN,
      2_000_000_000,
      `use at least ${SANDBOX_UID_BASE_MIN}: lower uids belong to the host's own accounts, which a team's builds and functions must never run as`,
    ),
    {
      default: String(SANDBOX_UID_BASE_DEFAULT),
      example: '500000',
      description:
        "Each team's builds and functions run as their own host uid, this plus the team's number (1, 2, ...), so no two teams share an owner. Keep the range free of the host's accounts; Nimbus run by a user other than root runs them as itself.",
    },
  ),
  NIMBUS_FUNCTIONS_DIR: optional(text, {
    shown: '$TMPDIR/nimbus-functions',
    example: '/var/lib/nimbus-functions',
    description:
      'Where the edge writes functions out for their runners (one folder per bundle). Keep it outside the data dir.',
  }),
  NIMBUS_FUNCTION_MEMORY: variable(bytes, {
    default: '1gb',
    example: '2gb',
    description: "Memory of one function's runner when its `.vc-config.json` names none; past it the request fails.",
  }),
  NIMBUS_FUNCTION_MEMORY_MAX: variable(bytes, {
    default: '4gb',
    example: '3gb',
    description:
      "The most memory any function runs with, whatever its `.vc-config.json` asks; its team's plan caps it too (Hobby 2 GB, Pro and Enterprise 4 GB). The build log says when a function gets less than it asks.",
  }),
  NIMBUS_FUNCTION_TMP_SIZE: variable(bytes, {
    default: '500mb',
    example: '1gb',
    description:
      "Size of a function's `/tmp`, the only place it may write (a tmpfs: what it holds counts in the function's memory); past it writes fail with ENOSPC.",
  }),
  NIMBUS_FUNCTION_MAX_DURATION: variable(seconds, {
    default: '300s',
    example: '60s',
    description:
      'The longest any function request may run (its `maxDuration`, 60 s when it names none, is capped here); past it the request answers 504.',
  }),
  NIMBUS_FUNCTION_IDLE: variable(seconds, {
    default: '5m',
    example: '30s',
    description:
      'A function runner with no request for this long stops; its next request starts it again (a cold start).',
  }),
  NIMBUS_FUNCTION_NETWORK: variable(oneOf(['public', 'none']), {
    default: 'public',
    example: 'none',
    description:
      'Network of functions: `public` reaches the internet but not this host or private networks; `none` has none.',
  }),
  NIMBUS_USAGE_METERING: variable(oneOf(['on', 'off']), {
    default: 'on',
    example: 'off',
    description:
      'Usage metering (edge requests and bytes, build minutes, function invocations and GB-hours, image transformations, analytics events). `off` counts nothing: the Usage page, limits and budgets then see no usage.',
  }),
  NIMBUS_USAGE_FLUSH_INTERVAL: variable(seconds, {
    default: '5s',
    example: '30s',
    description:
      'How often each process writes its usage counters to the database (one batched statement); they are also written on shutdown.',
  }),
  NIMBUS_MAX_FILE_SIZE: variable(bytes, {
    default: '100mb',
    example: '2gb',
    description:
      'Largest single file of a deployment: uploaded, sent inline or unpacked from `--archive=tgz` (`100mb`, `2gb`, `512kb`; a plain number is bytes).',
  }),
  NIMBUS_MAX_DEPLOYMENT_SIZE: variable(bytes, {
    default: '1gb',
    example: '5gb',
    description: "All of a deployment's files together (for `--archive=tgz`, the unpacked files).",
  }),
  NIMBUS_EDGE_IPV4: optional(ipList(4), {
    shown: 'unset',
    example: '203.0.113.10',
    description:
      "This server's public IPv4 address(es), comma-separated: custom domains point an A record here, and the domain check accepts it.",
  }),
  NIMBUS_EDGE_IPV6: optional(ipList(6), {
    shown: 'unset',
    example: '2001:db8::10',
    description: "This server's public IPv6 address(es), comma-separated, for AAAA records of custom domains.",
  }),
  NIMBUS_CNAME_TARGET: optional(hostName, {
    shown: 'unset',
    example: 'cname.nimbus.example.com',
    description: 'A name that resolves to this server: subdomains of custom domains may point a CNAME record at it.',
  }),
  NIMBUS_DNS_SERVERS: optional(dnsServers, {
    shown: 'system resolver',
    example: '1.1.1.1,127.0.0.1:5353',
    description:
      'DNS servers (`host` or `host:port`, comma-separated) that custom-domain and SSO-domain verification ask instead of the system resolver.',
  }),
  NIMBUS_DOMAIN_RECHECK: variable(seconds, {
    default: '30s',
    example: '5m',
    description:
      'How often the worker looks for custom domains due a DNS recheck; each backs off from 1 minute to 1 hour while unverified or misconfigured, and is rechecked every 6 hours once working.',
  }),
  NIMBUS_MARKETFIT_URL: optional(url, {
    shown: 'unset',
    example: 'https://enrich.example.com/lookup',
    description:
      'Enrichment endpoint answering `{grade, employees}` for the sales demo popup; without it nobody sees the popup.',
  }),
  NIMBUS_COUNT_QUERIES: variable(oneOf(['0', '1']), {
    default: '0',
    example: '1',
    description:
      '`1` adds the database queries each page or API call made to its `Server-Timing` header (`db;desc="queries";dur=N`), for benchmarks and debugging.',
  }),
  NIMBUS_HOOKS_PRIVATE_ADDRESSES: variable(oneOf(['0', '1']), {
    default: '0',
    example: '1',
    description:
      "`1` lets webhooks, log drains, Slack notices, budget alerts, Gitea/GitLab servers and SSO metadata URLs reach private, reserved and this server's own addresses (receivers inside your network). By default such a URL is refused when saved and before each send.",
  }),
  NIMBUS_TRACING: variable(oneOf(['0', '1']), {
    default: '1',
    example: '0',
    description:
      '`0` turns tracing off: responses keep their `x-nimbus-id` and `traceparent` headers and server errors are still recorded, but no spans are made or stored.',
  }),
});

/** The table as the README shows it: name, default, description, in order. */
export const CONFIG_VARIABLES = Object.entries(Env.shape).map(([name, schema]) => {
  const setting = settings.get(schema)!;
  return { name, default: setting.default ?? setting.shown ?? 'unset', description: setting.description };
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const e = parseEnv(env);
  if (!e.DATABASE_URL && e.NIMBUS_ROLE.size < ROLES.length) {
    throw new Error(
      'Invalid configuration: running only some roles needs DATABASE_URL (PGlite keeps every role in one process).',
    );
  }
  if (!e.DATABASE_URL && e.NIMBUS_PROCESSES > 1) {
    throw new Error(
      'Invalid configuration: NIMBUS_PROCESSES above 1 needs DATABASE_URL (PGlite is opened by one process only).',
    );
  }
  const dataDir = path.resolve(e.NIMBUS_DATA_DIR);
  const s3: S3Options | null = e.NIMBUS_S3_BUCKET
    ? {
        bucket: e.NIMBUS_S3_BUCKET,
        endpoint: e.NIMBUS_S3_ENDPOINT,
        region: e.NIMBUS_S3_REGION,
        accessKeyId: e.NIMBUS_S3_ACCESS_KEY_ID,
        secretAccessKey: e.NIMBUS_S3_SECRET_ACCESS_KEY,
      }
    : null;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** PostgreSQL connections of this process. */
    dbPoolSize: e.NIMBUS_DB_POOL,
    publicUrl: (e.NIMBUS_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    deployDomain: e.NIMBUS_DEPLOY_DOMAIN,
    roles: e.NIMBUS_ROLE,
    /** Copies of this server sharing PORT through node:cluster (PostgreSQL only). */
    processes: e.NIMBUS_PROCESSES,
    staffTeam: e.NIMBUS_STAFF_TEAM,
    staffEmailDomain: e.NIMBUS_STAFF_EMAIL_DOMAIN.toLowerCase(),
    environment: e.NIMBUS_ENV ?? (env.NODE_ENV === 'development' ? 'development' : 'production'),
    /** Next.js in development mode (`npm run dev`). */
    dev: env.NODE_ENV === 'development',
    marketFitUrl: e.NIMBUS_MARKETFIT_URL,
    /** Count each request's database queries into its Server-Timing header (server/query-timing.ts). */
    countQueries: e.NIMBUS_COUNT_QUERIES === '1',
    /** Spans per request, sampled by kind and stored for staff (server/tracing.ts). */
    tracing: e.NIMBUS_TRACING === '1',
    /** Outgoing webhooks, drains and budget alerts may reach private addresses (hooks/destination.ts). */
    hooksPrivateAddresses: e.NIMBUS_HOOKS_PRIVATE_ADDRESSES === '1',
    signupLimitPerHour: e.NIMBUS_SIGNUP_LIMIT,
    trustProxy: e.NIMBUS_TRUST_PROXY === '1' || e.NIMBUS_TRUST_PROXY === 'true',
    /** Caddy in front (`npm run start:tls`, deploy/Caddyfile): its ports, ACME account and storage. */
    tls: {
      httpPort: e.NIMBUS_HTTP_PORT,
      httpsPort: e.NIMBUS_HTTPS_PORT,
      email: e.NIMBUS_TLS_EMAIL,
      internal: e.NIMBUS_TLS_INTERNAL === '1' || e.NIMBUS_TLS_INTERNAL === 'true',
      caddyDataDir: path.resolve(
        e.NIMBUS_CADDY_DATA_DIR ?? path.join(env.XDG_DATA_HOME || path.join(homedir(), '.local', 'share'), 'caddy'),
      ),
    },
    /** The projects' bare git repositories (packages/engine/src/git). */
    gitDir: path.resolve(e.NIMBUS_GIT_DIR ?? path.join(dataDir, 'git')),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.NIMBUS_MAIL_FROM,
    ssoMaxAgeMs: e.NIMBUS_SSO_MAX_AGE,
    /** Stripe billing; without a secret key billing is self-hosted (no charges, staff assign plans). */
    stripe: e.NIMBUS_STRIPE_SECRET_KEY
      ? {
          secretKey: e.NIMBUS_STRIPE_SECRET_KEY,
          webhookSecret: e.NIMBUS_STRIPE_WEBHOOK_SECRET,
          publishableKey: e.NIMBUS_STRIPE_PUBLISHABLE_KEY,
          priceId: e.NIMBUS_STRIPE_PRICE_ID,
          apiUrl: e.NIMBUS_STRIPE_API_URL,
        }
      : undefined,
    /** Request header with the visitor's ISO country code, set by the operator's proxy (lower case). */
    countryHeader: e.NIMBUS_COUNTRY_HEADER?.toLowerCase(),
    consentBanner: e.NIMBUS_CONSENT_BANNER,
    siteAnalyticsProject: e.NIMBUS_SITE_ANALYTICS_PROJECT,
    /** Insights requests a deployment may take in 10 seconds in this process (packages/engine/src/analytics/limits.ts). */
    analyticsDeploymentLimit: e.NIMBUS_ANALYTICS_DEPLOYMENT_LIMIT,
    secret: () => e.NIMBUS_SECRET ?? secretFromDataDir(dataDir),
    build: {
      timeoutMs: e.NIMBUS_BUILD_TIMEOUT,
      concurrency: e.NIMBUS_BUILD_CONCURRENCY,
      /** Builds one team runs at once by plan, across every worker (packages/db/src/queries/build-jobs.ts). */
      teamLimits: {
        hobby: e.NIMBUS_BUILD_CONCURRENCY_HOBBY,
        pro: e.NIMBUS_BUILD_CONCURRENCY_PRO,
        enterprise: e.NIMBUS_BUILD_CONCURRENCY_ENTERPRISE,
      },
      /** Temp dirs of running builds and the package cache: outside the data dir, which builds must not see. */
      dir: e.NIMBUS_BUILD_DIR ? path.resolve(e.NIMBUS_BUILD_DIR) : undefined,
      cacheDir: e.NIMBUS_BUILD_CACHE_DIR ? path.resolve(e.NIMBUS_BUILD_CACHE_DIR) : undefined,
      /** The build image's tools (packages/engine/src/build/toolchain.ts), shared by builds and function runners. */
      toolchainDir: e.NIMBUS_TOOLCHAIN_DIR ? path.resolve(e.NIMBUS_TOOLCHAIN_DIR) : undefined,
      /** Isolation and limits of every build (packages/engine/src/sandbox). */
      sandbox: {
        mode: e.NIMBUS_BUILD_SANDBOX,
        network: e.NIMBUS_BUILD_NETWORK,
        memory: e.NIMBUS_BUILD_MEMORY,
        processes: e.NIMBUS_BUILD_PROCESSES,
        uidBase: e.NIMBUS_SANDBOX_UID_BASE,
      },
    },
    /** Runners of Build Output functions (packages/engine/src/functions), isolated like builds. */
    functions: {
      dir: e.NIMBUS_FUNCTIONS_DIR ? path.resolve(e.NIMBUS_FUNCTIONS_DIR) : undefined,
      memory: e.NIMBUS_FUNCTION_MEMORY,
      memoryMax: e.NIMBUS_FUNCTION_MEMORY_MAX,
      tmpSize: e.NIMBUS_FUNCTION_TMP_SIZE,
      maxDurationMs: e.NIMBUS_FUNCTION_MAX_DURATION,
      idleMs: e.NIMBUS_FUNCTION_IDLE,
      network: e.NIMBUS_FUNCTION_NETWORK,
    },
    /** Usage meters of this process (packages/engine/src/usage/meter.ts). */
    usage: { metering: e.NIMBUS_USAGE_METERING === 'on', flushMs: e.NIMBUS_USAGE_FLUSH_INTERVAL },
    maxFileSize: e.NIMBUS_MAX_FILE_SIZE,
    maxDeploymentSize: e.NIMBUS_MAX_DEPLOYMENT_SIZE,
    /** S3-compatible storage when NIMBUS_S3_BUCKET is set; else files live under the data dir. */
    s3,
    /** Custom domains: what their records must point at, who answers the look-ups, how often they are rechecked. */
    domains: {
      servers: e.NIMBUS_DNS_SERVERS ?? [],
      edgeIPv4: e.NIMBUS_EDGE_IPV4 ?? [],
      edgeIPv6: e.NIMBUS_EDGE_IPV6 ?? [],
      cnameTarget: e.NIMBUS_CNAME_TARGET ?? null,
      recheckMs: e.NIMBUS_DOMAIN_RECHECK,
    },
  };
}

/** Parses every variable; an empty value counts as unset. The first bad value stops the start. */
function parseEnv(env: Record<string, string | undefined>) {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = Env.safeParse(given);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0]);
  const setting = settings.get(Env.shape[name as keyof typeof Env.shape])!;
  const notThis = setting.secret ? '' : `, not "${given[name]}"`;
  throw new Error(`Invalid configuration: ${name}: ${issue.message}${notThis}. For example ${name}=${setting.example}`);
}

/**
 * NIMBUS_SECRET when set; otherwise one generated on first start and kept (mode 600) in the data dir.
 * Written to a temp file and hard-linked into place, so processes starting together agree on one.
 */
function secretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}
