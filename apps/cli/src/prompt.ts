// Questions for a person at a terminal. Without one (stdin piped, CI) nothing is asked: callers get
// the default, or an error telling them which flag answers the question.
import { createInterface } from 'node:readline/promises';
import { CliError } from './errors';

export const interactive = () => Boolean(process.stdin.isTTY);

async function question(text: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(text)).trim();
  } catch {
    // Ctrl+D or a closed terminal: treat as "stop here", like Ctrl+C.
    throw new CliError('Canceled.');
  } finally {
    rl.close();
  }
}

/** Asks for a value, `default` on Enter or when nobody can answer. */
export async function ask(text: string, fallback: string): Promise<string> {
  if (!interactive()) return fallback;
  return (await question(`${text} [${fallback}]: `)) || fallback;
}

/** Yes/no with the answer Enter gives; `yes` (from --yes) answers without asking. */
export async function confirm(text: string, options: { yes?: boolean; fallback: boolean }): Promise<boolean> {
  if (options.yes) return true;
  if (!interactive()) return options.fallback;
  const answer = (await question(`${text} ${options.fallback ? '[Y/n]' : '[y/N]'} `)).toLowerCase();
  return answer === '' ? options.fallback : answer === 'y' || answer === 'yes';
}

/** For destructive commands: asks on a terminal, requires --yes elsewhere. */
export async function confirmDanger(text: string, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  if (!interactive()) throw new CliError(`${text} Pass --yes to confirm when not running in a terminal.`);
  if (!(await confirm(text, { fallback: false }))) throw new CliError('Canceled.');
}

/** A value typed at a prompt, or everything piped on stdin without its final newline. */
export async function readValue(text: string): Promise<string> {
  if (interactive()) return question(text);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
