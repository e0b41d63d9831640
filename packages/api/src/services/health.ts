// What GET /health reports, and what the dashboard warns about: whether builds run isolated. The
// operator's NIMBUS_BUILD_SANDBOX comes from the configuration, so every process reports it, also
// one that runs no builds; a process that ran the sandbox's self-test adds what the test found.
import { type SandboxStatus, sandboxStatus } from '@nimbus/engine';
import type { ApiOptions } from './options';

export type BuildIsolation = SandboxStatus & { mode: 'on' | 'off' };

/**
 * `isolated: false` means builds run without isolation (NIMBUS_BUILD_SANDBOX=off) or, where this
 * process tested the sandbox, that builds are refused. With the sandbox on, no build runs unisolated.
 */
export function buildIsolation(options: Pick<ApiOptions, 'buildSandbox'>): BuildIsolation {
  const mode = options.buildSandbox ?? 'on';
  if (mode === 'off') return { mode, isolated: false, refused: false, reason: 'NIMBUS_BUILD_SANDBOX=off' };
  return { mode, ...(sandboxStatus() ?? { isolated: true }) };
}

/** True when the operator runs builds without isolation: the dashboard shows every signed-in user a warning. */
export function buildsUnisolated(options: Pick<ApiOptions, 'buildSandbox'>): boolean {
  const isolation = buildIsolation(options);
  return !isolation.isolated && !isolation.refused;
}

export function check(options: ApiOptions) {
  return { status: 'ok' as const, sandbox: buildIsolation(options) };
}
