// bubblewrap's transient set-up failure (`loopback: Failed RTM_NEWADDR` on a busy kernel) is told apart
// from a job's own output, so runSandboxed can start the job again without showing that line.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { watchSetup } from './run';

function feed(chunks: string[], mayRetry: boolean) {
  const stderr = new PassThrough();
  const out = new PassThrough();
  let shown = '';
  out.on('data', (c) => (shown += c));
  const setup = watchSetup(stderr, out, mayRetry);
  for (const chunk of chunks) stderr.write(chunk);
  stderr.end();
  return new Promise<{ failed: boolean; shown: string }>((resolve) =>
    stderr.once('end', () => setImmediate(() => resolve({ failed: setup.failed(), shown }))),
  );
}

describe('the sandbox set-up watch', () => {
  it('flags bubblewrap failing to set up the loopback, and hides that line when another attempt follows', async () => {
    expect(await feed(['bwrap: loopback: Failed RTM_', 'NEWADDR: File exists\n'], true)).toEqual({
      failed: true,
      shown: '',
    });
  });

  it('shows the line on the last attempt, and every line a job prints itself', async () => {
    expect(await feed(['bwrap: loopback: Failed RTM_NEWADDR\n'], false)).toEqual({
      failed: false,
      shown: 'bwrap: loopback: Failed RTM_NEWADDR\n',
    });
    expect(await feed(['npm warn ', 'deprecated\nsecond line\n', 'third'], true)).toEqual({
      failed: false,
      shown: 'npm warn deprecated\nsecond line\nthird',
    });
  });
});
