import type { BuildLogEvent } from '@nimbus/api';
// What the build log shows besides its lines: the steps (each "Running …" command with the lines it
// printed and how long it took), how many lines are warnings or errors, and the plain text that Copy
// and Download hand over. Vercel's levels decide the colour: stderr is a warning, only Nimbus's own
// failure line is an error.

export type Line = Pick<BuildLogEvent, 'id' | 'type' | 'text' | 'created' | 'level'>;

export interface Step {
  /** The command line that opened the step; none for the lines before the first command. */
  command?: Line;
  lines: Line[];
  /** Milliseconds from the command to the next step's start (or the last line so far). */
  durationMs: number;
}

export function groupSteps(lines: Line[]): Step[] {
  const steps: Step[] = [];
  for (const line of lines) {
    if (line.type === 'command' || !steps.length)
      steps.push({ command: line.type === 'command' ? line : undefined, lines: [], durationMs: 0 });
    if (line.type !== 'command') steps.at(-1)!.lines.push(line);
  }
  steps.forEach((step, i) => {
    const start = step.command?.created ?? step.lines[0]?.created ?? 0;
    const end = steps[i + 1]?.command?.created ?? step.lines.at(-1)?.created ?? start;
    step.durationMs = Math.max(0, end - start);
  });
  return steps;
}

export function countLevels(lines: Line[]): { warnings: number; errors: number } {
  let warnings = 0;
  let errors = 0;
  for (const line of lines) {
    if (line.level === 'warning') warnings++;
    else if (line.level === 'error') errors++;
  }
  return { warnings, errors };
}

/** Lines whose text holds `query`, ignoring case; every line when the query is blank. */
export function matching(lines: Line[], query: string): Line[] {
  const q = query.trim().toLowerCase();
  return q ? lines.filter((l) => l.text.toLowerCase().includes(q)) : lines;
}

/** The log as text, one line each with its UTC time, as Copy and Download give it. */
export function logText(lines: Line[]): string {
  return lines.map((l) => `${new Date(l.created).toISOString().slice(11, 19)}  ${l.text}`).join('\n');
}

/** "1.2s", "45s", "2m 5s": a step's length, with tenths under ten seconds. */
export function stepDuration(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`;
}
