// Connects the runner pool's reports to the runtime log: the pool knows its runners by key, the edge
// knows which deployment and function a key runs, and the writer wants both.
import type { FunctionOwner } from '../edge/build-output/serve';
import type { FunctionPoolOptions } from '../functions/pool';
import type { Meter } from '../usage/meter';
import type { RuntimeLogWriter } from './runtime-log-writer';

export function reportFunctionsTo(
  logs: RuntimeLogWriter,
  ownerOf: (key: string) => FunctionOwner | undefined,
  meter?: Meter,
): Pick<FunctionPoolOptions, 'onRequest' | 'onLog'> {
  return {
    onRequest(record) {
      const owner = ownerOf(record.key);
      if (!owner) return;
      logs.onRequest({ ...owner, ...record });
      // Usage: one invocation, and its memory limit times its duration (MB-ms, GB-hours on the Usage page).
      meter?.add(owner.teamId, owner.projectId, 'function_invocations', 1);
      meter?.add(owner.teamId, owner.projectId, 'function_mb_ms', record.memoryMb * Math.max(1, record.durationMs));
    },
    onLog(line) {
      const owner = ownerOf(line.key);
      if (owner)
        logs.onLog({
          ...owner,
          requestId: line.requestId ?? '',
          stream: line.stream,
          message: line.message,
          time: line.time,
        });
    },
  };
}
