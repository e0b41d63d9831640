// NIMBUS_PROCESSES > 1 (PostgreSQL only): the first process becomes a supervisor that forks that
// many copies of the front server with node:cluster. They share PORT (the supervisor hands each new
// connection to the next copy) and nothing else: every copy opens its own database pool, edge
// cache and LISTEN connection, exactly like separate machines behind a load balancer would
// (docs/architecture.md "Scale beyond one machine"). A copy that dies is replaced, unless copies keep
// dying right after they start, which means the configuration is wrong: then the supervisor stops.
import cluster, { type Worker } from 'node:cluster';

/** A copy that exits within this long of its start counts as a failed start. */
const EARLY_EXIT_MS = 10_000;
/** Failed starts in a row after which the supervisor gives up. */
const MAX_FAILED_STARTS = 3;

export function superviseCopies(count: number, log: (line: string) => void = console.log): void {
  let stopping = false;
  let failedStarts = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    failedStarts = lived < EARLY_EXIT_MS ? failedStarts + 1 : 0;
    if (failedStarts >= MAX_FAILED_STARTS) {
      log(`Nimbus processes keep exiting right after they start (last: ${signal ?? `exit code ${code}`}); stopping.`);
      stopping = true;
      for (const w of startedAt.keys()) w.kill('SIGTERM');
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    log(`Nimbus process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another.`);
    fork();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      if (startedAt.size === 0) process.exit(0);
      for (const w of startedAt.keys()) w.process.kill(signal);
    });
  }
  for (let i = 0; i < count; i++) fork();
  log(`Nimbus supervisor ${process.pid}: ${count} processes share one port.`);
}
