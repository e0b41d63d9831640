// The background recheck of custom domains (worker role): every `everyMs` it claims the domains whose
// next check is due (unverified or misconfigured ones back off from 1 minute to 1 hour, working ones
// wait 6 hours: packages/db/src/queries/domains.ts), looks each up, and stores the result; a domain
// that becomes verified starts serving, and the hosts it moved are announced like an alias move.
import { claimDueDomains, type Db, recordCheck } from '@nimbus/db';
import { type DomainChecker, proves } from './check-domain';

export interface DomainRecheckOptions {
  db: Db;
  checker: DomainChecker;
  everyMs: number;
  /** Hosts whose serving changed (in process; other processes hear pg_notify). */
  onHosts: (hosts: string[]) => void;
  onError?: (error: unknown) => void;
  batch?: number;
}

/** One pass: checks what is due now; resolves to how many domains were checked. */
export async function recheckDueDomains(options: Omit<DomainRecheckOptions, 'everyMs'>): Promise<number> {
  const due = await claimDueDomains(options.db, new Date(), options.batch ?? 20);
  for (const domain of due) {
    try {
      const check = await options.checker.check(domain.name, domain.name);
      const result = await recordCheck(options.db, domain.id, check, proves(check, domain.verificationToken));
      if (result.hosts.length) options.onHosts(result.hosts);
    } catch (error) {
      options.onError?.(error);
    }
  }
  return due.length;
}

export function startDomainRecheck(options: DomainRecheckOptions): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await recheckDueDomains(options);
    } catch (error) {
      options.onError?.(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
