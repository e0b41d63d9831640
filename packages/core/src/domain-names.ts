// Custom domain names: one normal form (lowercase, punycode, no trailing dot), the spec's rules
// (§5: TLD required, labels ≤ 63, no underscores, no IP literals) with a message a person can act on,
// and the apex (registrable domain) from the Public Suffix List through `tldts`, so `www.example.co.uk`
// is verified at `example.co.uk`, not at `co.uk`.
import { getDomain } from 'tldts';
import { isIP, isValidDomain } from './net-validation';

export const DOMAIN_LABEL_MAX = 63;
/** The TXT record that proves a team controls a domain: `_nimbus.<apex>`. */
export const VERIFICATION_RECORD_PREFIX = '_nimbus';
export const VERIFICATION_VALUE_PREFIX = 'nimbus-domain-verify=';
/** Redirect statuses a project domain may answer with. */
export const REDIRECT_STATUS_CODES = [301, 302, 307, 308] as const;

export type DomainCheck = { ok: true; name: string; apex: string } | { ok: false; message: string };

/** Lowercase and punycode; an empty result means the name could not be encoded. */
export function normalizeDomain(input: string): string {
  const trimmed = input.trim().replace(/\.$/, '');
  if (!trimmed) return '';
  // WHATWG URL parsing does IDNA (punycode) the same way in Node and in browsers.
  try {
    return new URL(`http://${trimmed.toLowerCase()}`).hostname;
  } catch {
    return '';
  }
}

/**
 * Checks a name a person typed. `deployDomain`: names on it or under it are Nimbus's own hosts and
 * are refused (deployment hosts and `alias set` labels cover them).
 */
export function checkDomain(input: string, deployDomain?: string): DomainCheck {
  const raw = input.trim().replace(/^\[|\]$/g, '');
  if (!raw) return { ok: false, message: 'Enter a domain name, for example www.example.com.' };
  if (isIP(raw)) return { ok: false, message: `"${raw}" is an IP address; enter a domain name such as example.com.` };
  if (/[/:@?#\s]/.test(raw))
    return { ok: false, message: `"${raw}" is not a domain name: leave out the scheme, port, path and spaces.` };
  if (raw.includes('_')) return { ok: false, message: `"${raw}" contains an underscore, which domain names may not.` };
  const name = normalizeDomain(raw);
  if (!name) return { ok: false, message: `"${raw}" cannot be written as a domain name.` };
  const long = name.split('.').find((label) => label.length > DOMAIN_LABEL_MAX);
  if (long)
    return { ok: false, message: `"${long}" is longer than ${DOMAIN_LABEL_MAX} characters, the limit of a label.` };
  if (!name.includes('.'))
    return { ok: false, message: `"${raw}" has no top-level domain; enter a full name such as ${raw}.com.` };
  if (!isValidDomain(name)) return { ok: false, message: `"${raw}" is not a valid domain name.` };
  if (deployDomain && (name === deployDomain || name.endsWith(`.${deployDomain}`)))
    return {
      ok: false,
      message: `"${name}" is on Nimbus's deployment domain ${deployDomain}; use \`vercel alias set\` for a host there.`,
    };
  const apex = getDomain(name, { allowPrivateDomains: false });
  if (!apex) return { ok: false, message: `"${name}" is a public suffix; add a domain registered under it.` };
  return { ok: true, name, apex };
}

/** `www.example.com` → `example.com`; null for a name that is not a valid domain. */
export function apexOf(name: string): string | null {
  return getDomain(name, { allowPrivateDomains: false });
}
