// Cookie names and the staff domain, shared by the server that sets them and the browser that reads them.

/** Holds the slug of the team scope the user last worked in. */
export const SCOPE_COOKIE = 'scope';
export const SCOPE_COOKIE_DAYS = 365;
/** A non-secret hint for static pages; the session cookie stays the real authority. */
export const LOGGED_IN_COOKIE = 'isLoggedIn';

// The default staff e-mail domain. Self-hosters set their own with NIMBUS_STAFF_EMAIL_DOMAIN, which the
// server reads (apps/web/server/config.ts) and hands to pages (the tracker's `staffEmailDomain` prop).
export const DEFAULT_STAFF_EMAIL_DOMAIN = 'nimbus.dev';
/** The default only: the configured domain comes from the server (`config.staffEmailDomain`). */
export const STAFF_EMAIL_DOMAIN: string = DEFAULT_STAFF_EMAIL_DOMAIN;

/** Staff debug flag set by `GET /api/force-deploy-freeze-toggle` (docs/spec.md §6, §7); debug cookies last 60 s (docs/spec.md §9). */
export const DEPLOY_FREEZE_COOKIE = 'deploy-freeze-branch';
export const DEBUG_COOKIE_SECONDS = 60;
