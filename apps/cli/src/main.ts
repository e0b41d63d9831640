// Entry of the `nimbus` command (bundled into dist/nimbus.js): parse, run, and turn any failure
// into one clear line on stderr and exit status 1.
import { readConfig } from './config';
import { reportError } from './errors';
import { createProgram } from './program';
import { DEFAULT_API } from './session';
import { noticeNewerVersion } from './upgrade';

const program = createProgram();
try {
  await program.parseAsync(process.argv);
} catch (error) {
  const api =
    program.opts<{ api?: string }>().api ?? (await readConfig().catch(() => ({ api: undefined }))).api ?? DEFAULT_API;
  reportError(error, api);
  process.exitCode = 1;
}
await noticeNewerVersion();
