// Signed tokens of deployment protection: the short-lived hand-off the dashboard gives a team member
// on their way back to a protected deployment, the cookie the edge then sets on that host, and the
// pass the server's cron scheduler sends with its own calls. Both
// are `base64url(JSON claims).base64url(HMAC-SHA-256)` under a key derived by HKDF from NIMBUS_SECRET,
// so any process of the same server can check them. Only the hand-off is remembered, once used, so
// it works once (edge/protection.ts); a random id makes every token unique. Written here rather than
// with a JWT library: one algorithm, one issuer and one audience, and the check must stay synchronous
// on the edge's hot path (jose's verify is async).
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export type ProtectionTokenKind = 'handoff' | 'sso' | 'password' | 'bypass' | 'cron';

export interface ProtectionClaims {
  /** What was proven: a member's hand-off, a Nimbus login, the password, a bypass secret, the server's own cron call. */
  k: ProtectionTokenKind;
  /** The project. */
  p: string;
  /** The host name (no port) the token is for. */
  h: string;
  /** Expiry, milliseconds since the epoch. */
  e: number;
  /** A fingerprint of the password hash or bypass secret it was made with: changing them ends it. */
  f?: string;
  /** A random id: two tokens signed alike in the same millisecond still differ. */
  i?: string;
}

export interface ProtectionTokens {
  sign(claims: Omit<ProtectionClaims, 'e' | 'i'>, ttlMs: number): string;
  /** The claims when the token is ours, unexpired, of this kind and for this host; else null. */
  verify(token: string, kind: ProtectionTokenKind, host: string): ProtectionClaims | null;
}

export function createProtectionTokens(secret: string): ProtectionTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, 'nimbus', 'deployment-protection/hmac-sha256', 32));
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(claims, ttlMs) {
      const id = randomBytes(9).toString('base64url');
      const payload = Buffer.from(JSON.stringify({ ...claims, e: Date.now() + ttlMs, i: id })).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, kind, host) {
      const dot = token.indexOf('.');
      if (dot < 1 || token.length > 2048) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: ProtectionClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (claims.k !== kind || claims.h !== host || !(claims.e > Date.now())) return null;
      return claims;
    },
  };
}
