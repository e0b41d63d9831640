// Fraud detection (docs/architecture.md, "Fraud detection"; spec 1): a first-party script, served by
// Nimbus and injected on the production host only, gives each browser session a cookie and posts a
// few signals; the server turns them into a risk score from 0 to 100 kept per session. Sign-up reads
// the score of its session: 70 or more refuses the sign-up with a message that says so, 40 or more
// counts the sign-up twice against the per-IP sign-up limit. Nothing leaves Nimbus. The privacy page
// lists what is collected.
import * as db from '@nimbus/db';
import { z } from 'zod';
import { requireStaff } from './admin';
import type { ServiceContext } from './context';

/** The fraud-detection session cookie: a session cookie (no expiry), httpOnly, set by the script's route. */
export const RISK_COOKIE = 'nimbus_risk_sid';
/** A score at or above this refuses the sign-up. */
export const RISK_REFUSE_SCORE = 70;
/** A score at or above this counts the sign-up twice against the per-IP limit. */
export const RISK_LIMIT_SCORE = 40;

export const RiskSignals = z
  .object({
    /** `navigator.webdriver`: set by browser automation. */
    webdriver: z.boolean().optional(),
    /** Milliseconds from the first input in the sign-up form to its submission. */
    formMs: z.number().int().min(0).max(86_400_000).optional(),
    /** Pointer moves and presses, and key presses, counted on the page. */
    pointerEvents: z.number().int().min(0).max(1_000_000).optional(),
    keyEvents: z.number().int().min(0).max(1_000_000).optional(),
    /** `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
    timeZone: z.string().max(64).optional(),
    /** `navigator.language` and the length of `navigator.languages`. */
    language: z.string().max(35).optional(),
    languages: z.number().int().min(0).max(100).optional(),
    /** `navigator.plugins.length`, `window.outerWidth` (0 in some headless browsers). */
    plugins: z.number().int().min(0).max(1000).optional(),
    outerWidth: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type RiskSignals = z.infer<typeof RiskSignals>;

export interface RiskRequest {
  userAgent?: string | null;
  acceptLanguage?: string | null;
}

/** Fixed, explainable rules: each reason adds its weight, capped at 100. */
export function riskScore(signals: RiskSignals, request: RiskRequest = {}): { score: number; reasons: string[] } {
  const reasons: [string, number][] = [];
  if (signals.webdriver) reasons.push(['webdriver', 60]);
  if (/headless|phantomjs|puppeteer|playwright|selenium/i.test(request.userAgent ?? ''))
    reasons.push(['headless_user_agent', 50]);
  if (signals.outerWidth === 0) reasons.push(['no_window', 20]);
  if (signals.plugins === 0 && signals.languages === 0) reasons.push(['no_plugins_or_languages', 15]);
  if (signals.formMs !== undefined) {
    if (signals.formMs < 1500) reasons.push(['form_too_fast', 40]);
    else if (signals.formMs < 3000) reasons.push(['form_fast', 20]);
    if (!signals.pointerEvents && !signals.keyEvents) reasons.push(['no_pointer_or_keys', 25]);
  }
  const headerLanguage = primaryLanguage(request.acceptLanguage?.split(',')[0]);
  const browserLanguage = primaryLanguage(signals.language);
  if (headerLanguage && browserLanguage && headerLanguage !== browserLanguage) reasons.push(['language_mismatch', 10]);
  if (signals.timeZone !== undefined && (signals.timeZone === 'UTC' || signals.timeZone.startsWith('Etc/')))
    reasons.push(['utc_time_zone', 10]);
  const score = Math.min(
    100,
    reasons.reduce((sum, [, weight]) => sum + weight, 0),
  );
  return { score, reasons: reasons.map(([reason]) => reason) };
}

const primaryLanguage = (tag?: string | null) => tag?.trim().split(/[-;_]/)[0]?.toLowerCase() || null;

/** A new session cookie value: 24 random URL-safe characters. */
export function newRiskSessionId(): string {
  return db.randomString(24);
}

/** Stores the signals a session's script posted, with their score. */
export async function report(
  options: { db: db.Db },
  session: string | undefined,
  signals: RiskSignals,
  request: RiskRequest & { ip: string | null },
): Promise<void> {
  if (!session || !/^[A-Za-z0-9_-]{16,64}$/.test(session)) return;
  const { score, reasons } = riskScore(signals, request);
  await db.upsertRiskSession(options.db, { id: session, score, reasons, signals, ip: request.ip });
}

/**
 * What sign-up makes of its session's score. Without a session (no script ran: JavaScript off, a
 * client other than a browser) only the User-Agent counts.
 */
export async function signupRisk(
  options: { db: db.Db },
  session: string | null | undefined,
  request: RiskRequest,
): Promise<{ score: number; reasons: string[]; session: string | null }> {
  const valid = session && /^[A-Za-z0-9_-]{16,64}$/.test(session) ? session : null;
  const stored = valid ? await db.riskSession(options.db, valid) : null;
  if (stored) {
    // The User-Agent of the sign-up itself counts too, whatever the script said.
    const now = riskScore({}, request);
    const reasons = [...new Set([...stored.reasons, ...now.reasons])];
    return { score: Math.min(100, Math.max(stored.score, stored.score + now.score)), reasons, session: valid };
  }
  return { ...riskScore({}, request), session: null };
}

/** Staff: the sessions that reached sign-up or scored above zero, highest first. */
export async function list(ctx: ServiceContext) {
  await requireStaff(ctx, 'read risk scores');
  const rows = await db.riskSessionsForStaff(ctx.db);
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      score: r.score,
      reasons: r.reasons,
      outcome: r.outcome,
      userId: r.userId,
      username: r.username,
      email: r.email,
      ip: r.ip,
      updatedAt: r.updatedAt.getTime(),
    })),
  };
}
