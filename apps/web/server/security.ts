// What the front server does for the dashboard's and the API's safety, whatever the route:
// - the response headers every dashboard and API reply carries (deployment hosts are the user's
//   own content and keep their own headers);
// - the start-up warning when deployments would share a site with the dashboard;
// - the data directory kept private to the user Nimbus runs as.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getDomain } from 'tldts';

/**
 * Nothing may frame the dashboard (the device approval page is a click away from handing out a
 * token), browsers must not guess content types, and other sites see only our origin.
 * HSTS only when the public URL is https: sent over http it would pin a name that has no certificate.
 */
export function securityHeaders(publicUrl: string): [string, string][] {
  const headers: [string, string][] = [
    ['content-security-policy', "frame-ancestors 'none'; base-uri 'self'; object-src 'none'"],
    ['x-frame-options', 'DENY'],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
  ];
  if (publicUrl.startsWith('https://')) headers.push(['strict-transport-security', 'max-age=31536000']);
  return headers;
}

/**
 * A deployment on the same site as the dashboard (same registrable domain, per the Public Suffix
 * List) can set cookies the dashboard reads and is "same-site" to the SameSite=Lax session cookie.
 * `localhost`, the local default, is left alone: each `*.localhost` is its own origin and no one
 * else's code reaches a local machine's dashboard through it.
 */
export function deployDomainWarning(publicUrl: string, deployDomain: string): string | null {
  const dashboardHost = new URL(publicUrl).hostname;
  if (deployDomain === 'localhost' || dashboardHost === 'localhost') return null;
  // Browsers read the whole list, private suffixes (github.io) included.
  const psl = { allowPrivateDomains: true };
  const dashboardSite = getDomain(dashboardHost, psl) ?? dashboardHost;
  const deploySite = getDomain(`x.${deployDomain}`, psl) ?? deployDomain;
  if (dashboardSite !== deploySite) return null;
  return (
    `Warning: deployments (*.${deployDomain}) are on the same site as the dashboard (${dashboardHost}). ` +
    `Code your users deploy could set cookies for ${dashboardSite} and send same-site requests to the dashboard. ` +
    `Serve deployments from a separate registrable domain (NIMBUS_DEPLOY_DOMAIN=example-apps.com for a dashboard on example.com).`
  );
}

/** Folders 700, files 600: the database, the secret and the uploaded files are the Nimbus user's alone. */
export function makePrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(p, 0o700);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if ((stat.mode & 0o777) !== 0o600) {
      chmodSync(p, 0o600);
    }
  };
  try {
    walk(dir);
  } catch (error) {
    // A data directory owned by another user: say so and go on; the operator decides.
    console.warn(`Could not make ${dir} private (folders 700, files 600): ${(error as Error).message}`);
  }
}
