// Proves a team owns the e-mail domain its identity provider vouches for: a TXT record at
// `_nimbus-sso.<domain>` holding the team's token. It asks the servers of NIMBUS_DNS_SERVERS
// (host:port) when set, else the system resolver, through the resolver custom domains use.
import { createResolver } from '@nimbus/engine';

export const TXT_PREFIX = '_nimbus-sso';
export const txtName = (domain: string) => `${TXT_PREFIX}.${domain}`;
export const txtValue = (token: string) => `nimbus-sso-verification=${token}`;

/** Whether `domain` carries the team's TXT record; a lookup that fails counts as "not yet". */
export async function hasVerificationRecord(domain: string, token: string, servers: readonly string[] = []) {
  try {
    const records = await createResolver(servers).resolveTxt(txtName(domain));
    return records.some((parts) => parts.join('') === txtValue(token));
  } catch {
    return false;
  }
}

/** A bare host name in lower case, or null: what an e-mail domain must look like. */
export function normalizeDomain(input: string): string | null {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/.test(domain) ? domain : null;
}
