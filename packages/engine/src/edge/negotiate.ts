// Request header parsing for the edge's hot path. Browsers send a handful of distinct
// Accept-Encoding values, so each one is parsed once and remembered (bounded).
import type { Encoding } from './bodies';

const choices = new Map<string, Encoding | null>();

/** brotli if accepted, else gzip, else null; `q=0` excludes an encoding, `*` stands for any other. */
export function negotiate(header: string | undefined): Encoding | null {
  if (!header) return null;
  let choice = choices.get(header);
  if (choice === undefined) {
    if (choices.size >= 256) choices.clear();
    choice = parseAcceptEncoding(header);
    choices.set(header, choice);
  }
  return choice;
}

function parseAcceptEncoding(header: string): Encoding | null {
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const weight = params.find((p) => p.startsWith('q='));
    if (name) q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/**
 * One `bytes=` range clamped to the file, 'unsatisfiable' (→ 416), or null when the header is
 * malformed or asks for several ranges: then the whole file is sent, as RFC 9110 allows.
 */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  return start >= size ? 'unsatisfiable' : { start, end };
}
