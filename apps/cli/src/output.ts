// Terminal output: colour only on a TTY (per stream, NO_COLOR and FORCE_COLOR honoured), human
// status on stderr so stdout stays clean for results, tables for people and --json for programs.
import type { DeploymentState } from '@nimbus/core/src/deployments';
import { createColors } from 'picocolors';

type Stream = NodeJS.WriteStream;

function colorEnabled(stream: Stream, env = process.env): boolean {
  if ('NO_COLOR' in env) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0';
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

/** Colours for stdout (`out`) and for stderr (`err`): plain text when that stream is piped. */
export const out = createColors(colorEnabled(process.stdout));
export const err = createColors(colorEnabled(process.stderr));

/** A status line for the person watching; never mixed into stdout. */
export function info(message: string): void {
  process.stderr.write(`${message}\n`);
}

export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

export function printJson(value: unknown): void {
  print(JSON.stringify(value, null, 2));
}

const visible = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** Columns padded to their widest cell; a header row dimmed on a TTY. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => visible(r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell + ' '.repeat(widths[i]! - visible(cell).length)))
      .join('  ')
      .trimEnd();
  print(out.dim(line(headers)));
  for (const row of rows) print(line(row));
}

/**
 * Labelled results (`Ready  http://...`). On a terminal they go to stdout; when stdout is piped only
 * the main value goes there, so `url=$(nimbus deploy)` captures just the URL, and labels go to stderr.
 */
export function printResults(results: Array<[label: string, value: string]>, main: string): void {
  const width = Math.max(...results.map(([label]) => label.length));
  if (process.stdout.isTTY) {
    for (const [label, value] of results) print(`${out.bold(label.padEnd(width))}  ${out.cyan(value)}`);
    return;
  }
  for (const [label, value] of results) info(`${label.padEnd(width)}  ${value}`);
  print(main);
}

/** `3m ago`, `2h ago`: enough to tell deployments apart in a list. */
export function ago(ms: number | null | undefined, now = Date.now()): string {
  if (!ms) return '-';
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}

// Every state has a colour; the server may add states an older CLI prints plain.
const STATE_COLORS: Partial<Record<string, (s: string) => string>> = {
  READY: out.green,
  ERROR: out.red,
  CANCELED: out.gray,
  BUILDING: out.yellow,
  QUEUED: out.yellow,
} satisfies Record<DeploymentState, (s: string) => string>;

export const stateLabel = (state: string) => (STATE_COLORS[state] ?? ((s: string) => s))(state);
