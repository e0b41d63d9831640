// Guards redirect targets such as the login `next` parameter so they can never leave the site.

// Browsers treat `/\host` like `//host` and silently drop tabs and newlines, so both could smuggle
// in a protocol-relative URL that points at another origin.
const OTHER_ORIGIN = /^\/[/\\]/;
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Spec 2: accepted only if it starts with a slash, is not a bare http(s) scheme and has no asterisk.
 * Requiring the leading slash already rules out every scheme, http(s) included.
 */
export function isValidLinkTarget(href: string): boolean {
  if (!href.startsWith('/')) return false;
  if (OTHER_ORIGIN.test(href) || CONTROL_CHARS.test(href)) return false;
  return !href.includes('*');
}
