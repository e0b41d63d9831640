// The caller's network address and browser, read once per request: rate limits, new sessions and
// the audit log use them. X-Forwarded-For counts only behind a trusted proxy (NIMBUS_TRUST_PROXY).
import type { Context } from 'hono';
import type { AppEnv } from './context';

/** The caller's address for rate limits: X-Forwarded-For only behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.options.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/** The address and browser of the caller, kept with a new session. */
export const clientOf = (c: Context<AppEnv>) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null });
