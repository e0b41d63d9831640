// Deployment protection at the edge (docs/architecture.md, "Deployment protection"), applied once the
// host's deployment is known and before any file or function is served. A project's settings are
// cached per project (one query per project per PROTECTION_TTL, never per request): an unprotected
// project's request costs one synchronous cache hit. A change made in this process evicts at once
// (the engine's `protection` event); other processes see it within PROTECTION_TTL.
//
// A request passes when no method covers this host, or with a valid bypass secret (header or query),
// or with the host-only `_nimbus_jwt` cookie the edge set after a Nimbus login hand-off, the password
// or a bypass with `x-vercel-set-bypass-cookie`. Otherwise a visitor gets the password page (password
// protection) or is sent to log in (Nimbus Authentication). The login's hand-off link works once.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BYPASS_HEADER,
  PROTECTION_COOKIE,
  type ProtectionDeploymentType,
  protectionCovers,
  SET_BYPASS_COOKIE,
} from '@nimbus/core';
import { claimOnce, type Db, protectionOf, protectionPasswordMatches } from '@nimbus/db';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { ProtectionTokens } from '../protection-tokens';
import { singleFlight } from './cache';
import type { HostTarget } from './hosts';
import { hostnameOf } from './hosts';
import { escapeHtml, page, sendStatic } from './responses';

/** How long another process's change may take to reach this edge. */
export const PROTECTION_TTL = 5_000;
const COOKIE_TTL = 12 * 60 * 60 * 1000;
/** The edge's own paths on a protected host: the end of the login hand-off, and the password form's target. */
export const AUTH_PATH = '/_nimbus/auth';
export const PASSWORD_PATH = '/_nimbus/password';
const FORM_LIMIT = 4096;
/** How long past its expiry a used hand-off is remembered: room for clocks of processes that differ. */
const HANDOFF_CLAIM_MARGIN = 60_000;
/** The header of the cron scheduler's signed pass (a `cron` token for the host). */
export const CRON_PASS_HEADER = 'x-nimbus-cron-pass';

interface Protection {
  sso: ProtectionDeploymentType | null;
  password: { deploymentType: ProtectionDeploymentType; hash: string; fingerprint: string } | null;
  /** SHA-256 hex of each bypass secret. */
  bypass: Set<string>;
}

/** The shared answer of every project with no protection: checked by identity. */
const OPEN: Protection = { sso: null, password: null, bypass: new Set() };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function load(db: Db, projectId: string): Promise<Protection> {
  const row = await protectionOf(db, projectId);
  if (!row || (!row.ssoProtection && !(row.passwordProtection && row.passwordHash))) {
    // Bypass secrets alone protect nothing.
    return OPEN;
  }
  return {
    sso: row.ssoProtection?.deploymentType ?? null,
    password:
      row.passwordProtection && row.passwordHash
        ? {
            deploymentType: row.passwordProtection.deploymentType,
            hash: row.passwordHash,
            fingerprint: sha256(row.passwordHash).slice(0, 16),
          }
        : null,
    bypass: new Set(row.bypass.map((b) => b.sha256)),
  };
}

export interface ProtectionOptions {
  db: Db;
  tokens: ProtectionTokens;
  /** The dashboard's origin, where a visitor logs in (NIMBUS_PUBLIC_URL). */
  publicUrl: string;
}

export type ProtectionGate = ReturnType<typeof createProtectionGate>;

export function createProtectionGate(options: ProtectionOptions) {
  const { tokens } = options;
  const secure = options.publicUrl.startsWith('https:');
  const scheme = secure ? 'https' : 'http';
  const cache = singleFlight<string, Protection>({
    limit: { max: 10_000 },
    ttl: PROTECTION_TTL,
    load: (projectId) => load(options.db, projectId),
  });

  const cookie = (value: string, sameSiteNone = false) =>
    `${PROTECTION_COOKIE}=${value}; Path=/; Max-Age=${COOKIE_TTL / 1000}; HttpOnly; ${
      sameSiteNone ? 'SameSite=None; Secure' : `SameSite=Lax${secure ? '; Secure' : ''}`
    }`;

  function loginUrl(req: IncomingMessage): string {
    const back = `${scheme}://${req.headers.host}${req.url ?? '/'}`;
    return `${options.publicUrl}/api/deployment-auth?url=${encodeURIComponent(back)}`;
  }

  function redirect(res: ServerResponse, location: string, setCookie?: string): void {
    const headers: string[] = ['location', location, 'cache-control', 'no-store', 'content-length', '0'];
    if (setCookie) headers.push('set-cookie', setCookie);
    res.writeHead(302, headers);
    res.end();
  }

  function passwordPage(res: ServerResponse, req: IncomingMessage, next: string, wrong: boolean, sso: boolean): void {
    const form =
      `${wrong ? '<strong role="alert">Wrong password. Try again.</strong><br>' : ''}` +
      `<form method="post" action="${PASSWORD_PATH}"><input type="hidden" name="next" value="${escapeHtml(next)}">` +
      `<label>Password <input type="password" name="password" autocomplete="current-password" required autofocus></label> ` +
      '<button type="submit">Continue</button></form>' +
      (sso ? `<br><a href="${escapeHtml(loginUrl(req))}">Member of the team? Log in with Nimbus</a>` : '');
    sendStatic(
      res,
      page(401, 'This deployment is password protected', `Enter the password to view it.</p>${form}<p>`, [
        ['x-robots-tag', 'noindex'],
      ]),
    );
  }

  /** A safe path on this host to return to: relative, never `//other-host`. */
  const localPath = (next: string | null | undefined) =>
    next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';

  function queryParam(url: string, name: string): string | null {
    const q = url.indexOf('?');
    return q < 0 ? null : new URLSearchParams(url.slice(q + 1)).get(name);
  }

  const protectionCookie = (req: IncomingMessage) =>
    req.headers.cookie?.includes(PROTECTION_COOKIE) ? parseCookies(req.headers.cookie)[PROTECTION_COOKIE] : undefined;

  function header(req: IncomingMessage, name: string): string | undefined {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > FORM_LIMIT) return null;
      chunks.push(chunk);
    }
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  /** The answer for a protected host; true lets the request through, false means it was answered. */
  function decide(
    protection: Protection,
    target: HostTarget,
    req: IncomingMessage,
    res: ServerResponse,
  ): boolean | Promise<boolean> {
    const deployment = target.deployment!;
    // A host under the deploy domain is keyed by its label; a custom domain (or an alias on one) by its full name.
    const served = {
      production: deployment.target === 'production',
      ownUrl: target.key === deployment.host,
      customDomain: target.key?.includes('.') ?? false,
    };
    const sso = protection.sso !== null && protectionCovers(protection.sso, served);
    const password = protection.password && protectionCovers(protection.password.deploymentType, served);
    if (!sso && !password) return true;
    const url = req.url ?? '/';
    const host = hostnameOf(req.headers.host ?? '');
    const project = deployment.projectId;

    // The server's own cron calls (edge/build-output/crons.ts) carry a pass signed for this host, as Vercel's do.
    const cron = header(req, CRON_PASS_HEADER);
    if (cron && tokens.verify(cron, 'cron', host)) return true;

    // Automation: a bypass secret lets the request through, and may leave a cookie for the next ones.
    const bypass = header(req, BYPASS_HEADER) ?? queryParam(url, BYPASS_HEADER);
    if (bypass) {
      const digest = sha256(bypass);
      if (protection.bypass.has(digest)) {
        const setCookie = header(req, SET_BYPASS_COOKIE) ?? queryParam(url, SET_BYPASS_COOKIE);
        if (setCookie === 'true' || setCookie === 'samesitenone')
          res.setHeader(
            'set-cookie',
            cookie(
              tokens.sign({ k: 'bypass', p: project, h: host, f: digest }, COOKIE_TTL),
              setCookie === 'samesitenone',
            ),
          );
        return true;
      }
    }

    const path = url.split('?', 1)[0];
    if (path === AUTH_PATH && sso) {
      const token = queryParam(url, 'token') ?? '';
      const claims = tokens.verify(token, 'handoff', host);
      if (!claims || claims.p !== project) {
        sendStatic(res, pages.handoffExpired);
        return false;
      }
      // The link travels in a URL (history, logs, a Referer): it sets the cookie once, whichever
      // process or machine sees it first: the claim is kept in the database past the token's expiry.
      const next = localPath(queryParam(url, 'next'));
      return claimOnce(options.db, `handoff:${sha256(token)}`, claims.e - Date.now() + HANDOFF_CLAIM_MARGIN).then(
        (first) => {
          if (first) redirect(res, next, cookie(tokens.sign({ k: 'sso', p: project, h: host }, COOKIE_TTL)));
          // Reloading the page it led to: the browser already holds the cookie it set.
          else if (tokens.verify(protectionCookie(req) ?? '', 'sso', host)?.p === project) redirect(res, next);
          else sendStatic(res, pages.handoffUsed);
          return false;
        },
      );
    }
    if (path === PASSWORD_PATH && password && req.method === 'POST') {
      const pw = protection.password!;
      return readForm(req).then(async (form) => {
        const next = localPath(form?.get('next'));
        const given = form?.get('password') ?? '';
        if (given && (await protectionPasswordMatches(pw.hash, given)))
          redirect(
            res,
            next,
            cookie(tokens.sign({ k: 'password', p: project, h: host, f: pw.fingerprint }, COOKIE_TTL)),
          );
        else passwordPage(res, req, next, true, sso);
        return false;
      });
    }

    const jwt = protectionCookie(req);
    if (jwt) {
      const passed =
        (sso && tokens.verify(jwt, 'sso', host)?.p === project) ||
        (password && tokens.verify(jwt, 'password', host)?.f === protection.password!.fingerprint) ||
        protection.bypass.has(tokens.verify(jwt, 'bypass', host)?.f ?? '');
      if (passed) return true;
    }

    if (password) passwordPage(res, req, url, false, sso);
    else if (req.method === 'GET' || req.method === 'HEAD') redirect(res, loginUrl(req));
    else sendStatic(res, pages.loginRequired);
    return false;
  }

  return {
    /**
     * Whether the request to this READY deployment may be served: true (go on), false (answered
     * here), or a promise of either when the project's settings are not cached yet.
     */
    check(target: HostTarget, req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
      const protection = cache.get(target.deployment!.projectId);
      if (protection === OPEN) return true;
      if (protection instanceof Promise) {
        return protection.then((p) => (p === OPEN ? true : decide(p, target, req, res)));
      }
      return decide(protection, target, req, res);
    },
    /** Whether `projectId` is known (cached) to have no protection at all; a cold project starts loading and says no. */
    isOpen(projectId: string): boolean {
      return cache.get(projectId) === OPEN;
    },
    /** Forgets a project's settings (after a change), or every project's when null. */
    invalidate(projectId: string | null): void {
      if (projectId === null) cache.clear();
      else cache.evict((_value, key) => key === projectId);
    },
  };
}

const pages = {
  handoffExpired: page(
    401,
    'This sign-in link has expired',
    'Open the deployment again to log in once more. Sign-in links work for one minute.',
  ),
  handoffUsed: page(
    401,
    'This sign-in link was already used',
    'Each sign-in link works once. Open the deployment again to log in once more.',
  ),
  loginRequired: page(
    401,
    'Authentication required',
    'This deployment is protected. Open it in a browser to log in, or send a protection bypass secret in the x-vercel-protection-bypass header.',
  ),
};
