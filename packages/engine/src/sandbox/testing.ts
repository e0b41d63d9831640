// Test helpers of the sandbox: what any host user sees of the jobs running on the machine.
import { readdirSync, readFileSync } from 'node:fs';

/** Every host process's command line, as `ps -eo args` shows it. */
export function hostCommandLines(): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        return '';
      }
    });
}
