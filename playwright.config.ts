// Browser journeys in Debian's Chromium against one Nimbus started on a fresh data directory.

import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// A staff team per run (the default `nimbus-staff` is reserved); workers inherit it from the runner.
process.env.E2E_STAFF_TEAM ??= `e2e-staff-${Date.now().toString(36)}`;
// One data directory per run, inherited by workers so a journey can inspect it (e2e/security.spec.ts).
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `nimbus-e2e-${process.pid}`);
// Custom-domain journeys (e2e/dashboard-domains.spec.ts) start their own DNS server (dnsmasq) on this
// fixed loopback port, next to E2E_PORT so parallel runs on other ports do not meet; Nimbus asks it
// for domain checks. Nothing listens there for the other journeys, which add no domains.
process.env.E2E_DNS_PORT ??= String(port + 20_000);
/** The address custom domains are told to point an A record at (a documentation range). */
process.env.E2E_EDGE_IPV4 ??= '203.0.113.10';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI absorbs a timing flake on a busy 2-core machine; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Recording a trace slows every journey; CI records the retry of a failed journey, which is the
    // trace a failure leaves behind (a real failure fails twice).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      NIMBUS_DATA_DIR: process.env.E2E_DATA_DIR,
      NIMBUS_PUBLIC_URL: `http://localhost:${port}`,
      NIMBUS_ENV: 'development',
      // Sign-up and login throttles are per client IP; e2e/helpers.ts gives each browser its own.
      NIMBUS_TRUST_PROXY: '1',
      // Every journey signs up from 127.0.0.1; production keeps the default of 20 an hour.
      NIMBUS_SIGNUP_LIMIT: '1000',
      NIMBUS_STAFF_TEAM: process.env.E2E_STAFF_TEAM,
      NIMBUS_DNS_SERVERS: `127.0.0.1:${process.env.E2E_DNS_PORT}`,
      NIMBUS_EDGE_IPV4: process.env.E2E_EDGE_IPV4,
      // Nimbus's own pages load the insights script of this project once a visitor accepts analytics
      // (e2e/consent.spec.ts); the banner's default (auto, no country header) asks every visitor.
      NIMBUS_SITE_ANALYTICS_PROJECT: 'nimbus-site',
      // The integrations journey's webhook receiver listens on 127.0.0.1.
      NIMBUS_HOOKS_PRIVATE_ADDRESSES: '1',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
