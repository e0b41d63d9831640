// Countries by ISO 3166-1 alpha-2 code with their English names, from the runtime's own ICU data
// (Intl.DisplayNames), for the country of billing addresses: Stripe and invoices take the code.
/** Regions ICU names that are not countries of ISO 3166-1 (unions, reserved codes, territories without one). */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

/** A current code: ICU also names withdrawn ones (DD, SU), which canonicalise to another region. */
function isCurrent(code: string): boolean {
  try {
    return new Intl.Locale(`und-${code}`).region === code;
  } catch {
    return false;
  }
}

let cache: { code: string; name: string }[] | null = null;

export function countries(): { code: string; name: string }[] {
  if (cache) return cache;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const list: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code && !NOT_COUNTRIES.has(code) && isCurrent(code)) list.push({ code, name });
    }
  }
  cache = list.sort((x, y) => x.name.localeCompare(y.name));
  return cache;
}

/** Countries whose code is `query` or whose name has a word starting with it, best first. */
export function countrySuggestions(query: string, limit = 8): { code: string; name: string }[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const score = (c: { code: string; name: string }) => {
    const name = c.name.toLowerCase();
    if (c.code.toLowerCase() === q) return 0;
    if (name.startsWith(q)) return 1;
    if (name.split(/[\s-]+/).some((word) => word.startsWith(q))) return 2;
    return 3;
  };
  return countries()
    .map((c) => ({ c, s: score(c) }))
    .filter((x) => x.s < 3)
    .sort((x, y) => x.s - y.s)
    .slice(0, limit)
    .map((x) => x.c);
}
