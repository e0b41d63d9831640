// DNS look-ups for custom domains: ownership (a TXT record at `_nimbus.<apex>` holding the team's
// token) and configuration (an A record to NIMBUS_EDGE_IPV4, AAAA to NIMBUS_EDGE_IPV6, or a CNAME to
// NIMBUS_CNAME_TARGET). Uses node:dns/promises' Resolver: the system's servers, or NIMBUS_DNS_SERVERS
// (host:port list) so an operator, or a test's dnsmasq, can answer instead.
import { Resolver } from 'node:dns/promises';
import { VERIFICATION_RECORD_PREFIX, VERIFICATION_VALUE_PREFIX } from '@nimbus/core';
import type { DomainCheckResult } from '@nimbus/db';

export interface DnsSettings {
  /** `host:port` or `host`; empty: the system resolver. */
  servers: string[];
  edgeIPv4: string[];
  edgeIPv6: string[];
  cnameTarget: string | null;
}

export interface DomainChecker {
  /** Looks up `name` (A, AAAA, CNAME) and the TXT proof of its apex. */
  check(name: string, apex: string): Promise<DomainCheckResult>;
  settings: DnsSettings;
}

/** Answers meaning "no such record": not an error worth showing. */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

export function verificationRecord(apex: string) {
  return {
    name: `${VERIFICATION_RECORD_PREFIX}.${apex}`,
    value: (token: string) => `${VERIFICATION_VALUE_PREFIX}${token}`,
  };
}

/** A resolver that asks `servers` (`host` or `host:port`), or the system's when there are none. */
export function createResolver(servers: readonly string[] = []): Resolver {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  return resolver;
}

export function createDomainChecker(settings: DnsSettings): DomainChecker {
  const resolver = createResolver(settings.servers);
  const ask = async <T>(errors: string[], what: string, lookup: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await lookup();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      if (!ABSENT.has(code)) errors.push(`${what}: ${code}`);
      return [];
    }
  };
  const strip = (host: string) => host.toLowerCase().replace(/\.$/, '');
  return {
    settings,
    async check(name, apex) {
      const errors: string[] = [];
      const [txt, a, aaaa, cname] = await Promise.all([
        ask(errors, 'TXT', () => resolver.resolveTxt(verificationRecord(apex).name)).then((rows) =>
          rows.map((r) => r.join('')),
        ),
        ask(errors, 'A', () => resolver.resolve4(name)),
        ask(errors, 'AAAA', () => resolver.resolve6(name)),
        ask(errors, 'CNAME', () => resolver.resolveCname(name)).then((rows) => rows.map(strip)),
      ]);
      const target = settings.cnameTarget ? strip(settings.cnameTarget) : null;
      const configuredBy =
        target && cname.includes(target)
          ? 'CNAME'
          : (a.length && a.every((ip) => settings.edgeIPv4.includes(ip))) ||
              (aaaa.length && aaaa.every((ip) => settings.edgeIPv6.includes(ip)))
            ? 'A'
            : null;
      return { txt, a, aaaa, cname, configuredBy, error: errors.length ? errors.join(', ') : null };
    },
  };
}

/** Whether the TXT values hold this team's token. */
export function proves(check: DomainCheckResult, token: string): boolean {
  return check.txt.includes(`${VERIFICATION_VALUE_PREFIX}${token}`);
}
