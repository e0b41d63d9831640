// Where the fraud-detection script runs (services/risk.ts in the API): on the production host only,
// that is the host of NIMBUS_PUBLIC_URL, never on deployment hosts, previews or other names.

/** The script's address, served by Nimbus itself. */
export const RISK_SCRIPT_PATH = '/api/v1/risk/script.js';

/** Whether a request's `Host` header names the production host (the public URL's host and port). */
export function isProductionHost(hostHeader: string | null | undefined, publicUrl: string): boolean {
  if (!hostHeader) return false;
  const url = new URL(publicUrl);
  const host = hostHeader.trim().toLowerCase();
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return host === url.host || host === `${url.hostname}:${defaultPort}`;
}
