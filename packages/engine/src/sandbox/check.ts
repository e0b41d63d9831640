// The sandbox's self-test: can this machine isolate a job the way runSandboxed promises (bubblewrap,
// user namespaces, slirp4netns for `public`)? Nimbus runs it when it starts builds. A failed run is
// tried again a few times, since bubblewrap can fail once for a passing reason (`loopback: Failed
// RTM_NEWADDR` on a busy kernel). Without isolation builds are refused unless the operator turned the
// sandbox off, and then Nimbus says so loudly in its log and in GET /api/health. A refusal is not
// final: a build at least `recheckMs` (30 s) after the last test tests again, so a machine that became
// able to isolate (bubblewrap installed, a kernel setting changed) builds without a restart.
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { SANDBOX_UID_BASE_DEFAULT } from './host-user';
import type { SandboxSettings } from './options';
import { describeMissing, missingCommands, refusalMessage } from './requirements.mjs';
import { HOST_PATH, runSandboxed } from './run';

export type SandboxStatus = { isolated: true } | { isolated: false; reason: string; refused: boolean };
type CheckSettings = Pick<SandboxSettings, 'mode' | 'network'> & Partial<Pick<SandboxSettings, 'uidBase'>>;

export interface SandboxCheckOptions {
  /** The command the self-test runs in the sandbox, and the folders it may write. */
  probe?: { argv: string[]; writable: string[] };
  /** Runs of one self-test before it reports a failure. */
  attempts?: number;
  /** The pause before the second run, doubled before each later one. */
  backoffMs?: number;
  /** How long a refusal stands before a build tests again. */
  recheckMs?: number;
  /** Folders (PATH's form) holding the commands the sandbox runs: PATH and the system's by default. */
  searchPath?: string;
}

/** Passes only as an unprivileged user without capabilities: what runSandboxed promises. */
const SELF_TEST = {
  argv: ['/bin/sh', '-c', 'test "$(id -u)" != 0 && grep -q "^CapEff:[[:space:]]*0*$" /proc/self/status'],
  writable: [],
};

const HOW_TO_FIX =
  'Install bubblewrap and slirp4netns (Debian: apt-get install bubblewrap slirp4netns) and allow unprivileged user namespaces, or set NIMBUS_BUILD_SANDBOX=off to run builds without isolation.';
/** What to do about a refusal whose reason is a missing command, by reason. */
const fixes = new Map<string, string>();

/** The message a refused build ends with. */
export function sandboxRefusal(reason: string): string {
  return refusalMessage(reason, fixes.get(reason) ?? HOW_TO_FIX);
}

/** A self-test with its own result: the process shares one (checkSandbox); tests make their own. */
export function createSandboxCheck(options: SandboxCheckOptions = {}) {
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const recheckMs = options.recheckMs ?? 30_000;
  let status: SandboxStatus | undefined;
  let testedAt = 0;
  let pending: Promise<SandboxStatus> | undefined;

  /** The last result, tested again (once, for every caller at the time) when it is an old refusal. */
  function check(settings: CheckSettings): Promise<SandboxStatus> {
    if (pending) return pending;
    const stands = status && (status.isolated || !status.refused || Date.now() - testedAt < recheckMs);
    if (stands) return Promise.resolve(status!);
    pending = test(settings)
      .then((found) => {
        report(status, found);
        status = found;
        testedAt = Date.now();
        return found;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  async function test(settings: CheckSettings): Promise<SandboxStatus> {
    if (settings.mode === 'off') return { isolated: false, reason: 'NIMBUS_BUILD_SANDBOX=off', refused: false };
    // A command that is not installed fails every run: say which, and what installs it.
    const missing = missingCommands(settings.network, options.searchPath ?? `${process.env.PATH ?? ''}:${HOST_PATH}`);
    if (missing.length) {
      const { reason, fix } = describeMissing(missing);
      fixes.set(reason, fix);
      return { isolated: false, reason, refused: true };
    }
    for (let attempt = 1; ; attempt++) {
      // As the range's first uid, which no team gets (their numbers start at 1).
      const uid = settings.uidBase ?? SANDBOX_UID_BASE_DEFAULT;
      const found = await probe(settings.network, uid, options.probe ?? SELF_TEST);
      if (found.isolated || attempt >= attempts) return found;
      await sleep(backoffMs * 2 ** (attempt - 1));
    }
  }

  return { check, status: () => status };
}

function report(previous: SandboxStatus | undefined, found: SandboxStatus): void {
  if (found.isolated) {
    if (previous) console.error('[sandbox] The self-test passes now: builds run isolated again.');
  } else if (!found.refused) {
    console.error(`[sandbox] WARNING: builds run WITHOUT isolation (NIMBUS_BUILD_SANDBOX=off): ${found.reason}`);
  } else if (previous?.isolated !== false || previous.reason !== found.reason) {
    console.error(`[sandbox] ${sandboxRefusal(found.reason)}`);
  }
}

async function probe(
  network: CheckSettings['network'],
  hostUid: number,
  test: { argv: string[]; writable: string[] },
): Promise<SandboxStatus> {
  let output = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      output += chunk;
      done();
    },
  });
  try {
    const result = await runSandboxed({
      argv: test.argv,
      cwd: '/',
      env: { PATH: '/usr/bin:/bin' },
      hostUid,
      writable: test.writable,
      network,
      limits: { timeoutMs: 20_000 },
      stdout: sink,
      stderr: sink,
      attempts: 1,
    });
    if (result.exitCode === 0) return { isolated: true };
    const detail = output.trim().split('\n').slice(-2).join(' ') || `exit code ${result.exitCode ?? result.signal}`;
    return { isolated: false, reason: `the sandbox self-test failed: ${detail}`, refused: true };
  } catch (err) {
    const detail = output.trim().split('\n').slice(-1)[0];
    return {
      isolated: false,
      reason: detail ? `${(err as Error).message} (${detail})` : (err as Error).message,
      refused: true,
    };
  }
}

const shared = createSandboxCheck();

/** Tests the sandbox once per process, and a refusal again when it is old (see above); callers at once share a test. */
export function checkSandbox(settings: CheckSettings): Promise<SandboxStatus> {
  return shared.check(settings);
}

/** What the last self-test found; undefined in processes that run no builds. */
export function sandboxStatus(): SandboxStatus | undefined {
  return shared.status();
}
