// Reads `.env` text pasted into the dashboard: one `KEY=value` a line, or several on one line
// separated by spaces (`FOO=1 BAR=two`), with `export`, comments and quotes as dotenv writes them.

export interface EnvPair {
  key: string;
  value: string;
}

const ASSIGNMENT = /(?:^|\s)(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*("(?:\\.|[^"\\])*"|'[^']*'|`[^`]*`|[^\s#]*)/gy;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t' };

function unquote(raw: string): string {
  const quote = raw[0];
  if (raw.length < 2 || !(quote === '"' || quote === "'" || quote === '`') || raw.at(-1) !== quote) return raw;
  const inner = raw.slice(1, -1);
  return quote === '"' ? inner.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c) : inner;
}

/**
 * The pairs in `text`, or null when it is not `.env` text (a plain key being typed or pasted).
 * A line that holds anything but assignments and a trailing comment makes the whole text null.
 */
export function parseEnvText(text: string): EnvPair[] | null {
  if (!text.includes('=')) return null;
  const pairs: EnvPair[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    ASSIGNMENT.lastIndex = 0;
    let end = 0;
    const padded = ` ${trimmed}`;
    for (let m = ASSIGNMENT.exec(padded); m; m = ASSIGNMENT.exec(padded)) {
      pairs.push({ key: m[1]!, value: unquote(m[2]!) });
      end = ASSIGNMENT.lastIndex;
    }
    const rest = padded.slice(end).trim();
    if (end === 0 || (rest && !rest.startsWith('#'))) return null;
  }
  return pairs.length ? pairs : null;
}
