// Domain, URL and IP checks of docs/spec.md §5, backed by `validator` so the browser and API agree byte for byte.
// Per-function imports keep the rest of `validator` out of browser bundles.
import isFQDN from 'validator/lib/isFQDN.js';
import validatorIsIP from 'validator/lib/isIP.js';
import isURL from 'validator/lib/isURL.js';

export const URL_MAX_LENGTH = 2083;

/** A fully qualified domain: TLD required, labels of at most 63 characters, no underscores. */
export function isValidDomain(name: string): boolean {
  return isFQDN(name, {
    require_tld: true,
    allow_underscores: false,
    allow_trailing_dot: false,
    allow_wildcard: false,
  });
}

/** http, https or ftp with a host, shorter than 2083 characters; queries and fragments allowed. */
export function isValidUrl(url: string): boolean {
  return isURL(url, {
    protocols: ['http', 'https', 'ftp'],
    require_host: true,
    require_valid_protocol: true,
    allow_fragments: true,
    allow_query_components: true,
    // validator allows up to 2084 by default; the spec wants strictly fewer than 2083.
    validate_length: true,
    max_allowed_length: URL_MAX_LENGTH - 1,
  });
}

/** IPv4 or IPv6 address; pass a version to accept only that family. */
export function isIP(value: string, version?: 4 | 6): boolean {
  return validatorIsIP(value, version);
}
