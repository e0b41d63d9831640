// The sandbox's self-test, run once when Nimbus starts builds: can this machine isolate a job the way
// runSandboxed promises (bubblewrap, user namespaces, slirp4netns for `public`)? Without isolation
// builds are refused unless the operator turned the sandbox off, and then Nimbus says so loudly in
// its log and in GET /api/health.
import { Writable } from 'node:stream';
import type { SandboxSettings } from './options';
import { runSandboxed } from './run';

export type SandboxStatus = { isolated: true } | { isolated: false; reason: string; refused: boolean };

const HOW_TO_FIX =
  'Install bubblewrap and slirp4netns (Debian: apt-get install bubblewrap slirp4netns) and allow unprivileged user namespaces, or set NIMBUS_BUILD_SANDBOX=off to run builds without isolation.';

let status: SandboxStatus | undefined;
let pending: Promise<SandboxStatus> | undefined;

/** What the last self-test found; undefined in processes that run no builds. */
export function sandboxStatus(): SandboxStatus | undefined {
  return status;
}

/** Tests the sandbox once per process (later calls share the first result). */
export function checkSandbox(settings: Pick<SandboxSettings, 'mode' | 'network'>): Promise<SandboxStatus> {
  pending ??= probe(settings).then((found) => {
    status = found;
    if (!found.isolated && !found.refused)
      console.error(`[sandbox] WARNING: builds run WITHOUT isolation (NIMBUS_BUILD_SANDBOX=off): ${found.reason}`);
    else if (!found.isolated) console.error(`[sandbox] builds are refused: ${found.reason}`);
    return found;
  });
  return pending;
}

/** The message a refused build ends with. */
export function sandboxRefusal(reason: string): string {
  return `Builds are disabled because this server cannot isolate them (${reason}). ${HOW_TO_FIX}`;
}

async function probe(settings: Pick<SandboxSettings, 'mode' | 'network'>): Promise<SandboxStatus> {
  const refused = settings.mode !== 'off';
  if (!refused) return { isolated: false, reason: 'NIMBUS_BUILD_SANDBOX=off', refused };
  let output = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      output += chunk;
      done();
    },
  });
  try {
    const result = await runSandboxed({
      argv: ['/bin/sh', '-c', 'test "$(id -u)" != 0 && grep -q "^CapEff:[[:space:]]*0*$" /proc/self/status'],
      cwd: '/',
      env: { PATH: '/usr/bin:/bin' },
      writable: [],
      network: settings.network,
      limits: { timeoutMs: 20_000 },
      stdout: sink,
      stderr: sink,
    });
    if (result.exitCode === 0) return { isolated: true };
    const detail = output.trim().split('\n').slice(-2).join(' ') || `exit code ${result.exitCode ?? result.signal}`;
    return { isolated: false, reason: `the sandbox self-test failed: ${detail}`, refused };
  } catch (err) {
    const detail = output.trim().split('\n').slice(-1)[0];
    return {
      isolated: false,
      reason: detail ? `${(err as Error).message} (${detail})` : (err as Error).message,
      refused,
    };
  }
}
