// Cookie names and the staff domain, shared by the server that sets them and the browser that reads them.

/** Holds the slug of the team scope the user last worked in. */
export const SCOPE_COOKIE = 'scope';
export const SCOPE_COOKIE_DAYS = 365;
/** A non-secret hint for static pages; the session cookie stays the real authority. */
export const LOGGED_IN_COOKIE = 'isLoggedIn';

// Self-hosters run under their own domain; NIMBUS_STAFF_EMAIL_DOMAIN overrides it where an env exists.
// `globalThis.process` keeps this safe in browsers, where there is no `process`.
export const STAFF_EMAIL_DOMAIN: string = globalThis.process?.env?.NIMBUS_STAFF_EMAIL_DOMAIN || 'nimbus.dev';

/** Staff debug flag set by `GET /api/force-deploy-freeze-toggle` (docs/spec.md §6, §7); debug cookies last 60 s (docs/spec.md §9). */
export const DEPLOY_FREEZE_COOKIE = 'deploy-freeze-branch';
export const DEBUG_COOKIE_SECONDS = 60;
