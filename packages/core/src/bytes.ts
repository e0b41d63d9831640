// Byte sizes as people write them in configuration: `100mb`, `2gb`, `512kb`, `1.5 GB`, or a plain
// number of bytes. Units are binary (1kb = 1024 bytes), as upload limits and caches count them.

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4 };
const SIZE = /^(\d+(?:\.\d+)?|\.\d+)\s*(b|kb|mb|gb|tb)?$/i;

/** Whole bytes for a number or a "<number>[ ]<unit>" string; NaN when it does not parse. */
export function parseBytes(value: string | number): number {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : Number.NaN;
  const match = SIZE.exec(value.trim());
  if (!match) return Number.NaN;
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]!);
}

/** A size for messages: `100 MB`, `1 GB`, `512 KB`, `10 bytes` (binary units, one decimal at most). */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['TB', UNITS.tb!],
    ['GB', UNITS.gb!],
    ['MB', UNITS.mb!],
    ['KB', UNITS.kb!],
  ] as const) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  }
  return `${bytes} bytes`;
}
