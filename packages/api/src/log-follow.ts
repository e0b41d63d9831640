// Follows a deployment's build log for the NDJSON and server-sent-event streams: every row after
// `afterId`, then (with follow) new rows as they are written, ending with the final state once the
// deployment is READY, ERROR or CANCELED. Polls the database, so it works whichever process builds.
import { isTerminalState } from '@nimbus/core';
import { type Db, deploymentState, type LogLine, logsAfter } from '@nimbus/db';

export type LogEvent = { kind: 'log'; line: LogLine } | { kind: 'state'; state: string };

const POLL_MS = 400;

export async function* followLog(
  db: Db,
  deploymentId: string,
  opts: { follow: boolean; afterId?: number; signal: AbortSignal },
): AsyncGenerator<LogEvent> {
  let after = opts.afterId ?? 0;
  while (!opts.signal.aborted) {
    // Read the state before the rows: rows written before a terminal state are then all visible.
    const state = await deploymentState(db, deploymentId);
    const rows = await logsAfter(db, deploymentId, after);
    for (const line of rows) {
      after = line.id;
      yield { kind: 'log', line };
    }
    if (rows.length) continue;
    if (!opts.follow) return;
    if (state === null || isTerminalState(state)) {
      if (state) yield { kind: 'state', state };
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** One NDJSON line in the shape the Vercel CLI prints: type, created, date, text, deploymentId. */
export function eventLine(line: LogLine, deploymentId: string) {
  const created = line.createdAt.getTime();
  // Vercel's clients know stdout, stderr and command: Nimbus's notes are stdout, its warnings and
  // errors stderr with their level.
  const type =
    line.type === 'info' ? 'stdout' : line.type === 'error' || line.type === 'warning' ? 'stderr' : line.type;
  return {
    type,
    created,
    date: created,
    text: line.text,
    id: String(line.id),
    serial: String(line.id).padStart(12, '0'),
    deploymentId,
    ...(line.type === 'error' || line.type === 'stderr' || line.type === 'warning'
      ? { level: line.type === 'error' ? ('error' as const) : ('warning' as const) }
      : {}),
    info: { type: 'build', name: 'build', entrypoint: '.' },
    payload: {
      id: String(line.id),
      text: line.text,
      date: created,
      created,
      deploymentId,
      serial: String(line.id).padStart(12, '0'),
    },
  };
}

export type BuildLogEvent = ReturnType<typeof eventLine>;
