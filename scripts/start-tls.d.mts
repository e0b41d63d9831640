// Types of scripts/start-tls.mjs for the tests that run Caddy with the same options.
export const CADDYFILE: string;
export const CADDY_MISSING: string;
export function caddyOptions(env: Record<string, string | undefined>): string;
export function tlsEnvironment(env: Record<string, string | undefined>): Record<string, string | undefined>;
export function caddyInstalled(env: Record<string, string | undefined>): boolean;
