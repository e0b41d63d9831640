// A real DNS server for domain tests: Debian's dnsmasq on 127.0.0.1 and a free port, answering only
// the records a test sets (authoritative for `zones`, so other names are NXDOMAIN or NODATA, never
// forwarded). dnsmasq re-reads its command line only at start, so `set` restarts it on the same port.
// Point Nimbus at it with NIMBUS_DNS_SERVERS=<server> (ApiOptions.dns.servers).
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export const DNSMASQ = '/usr/sbin/dnsmasq';
export const hasDnsmasq = existsSync(DNSMASQ);

export interface DnsRecords {
  txt?: Record<string, string[]>;
  /** name → IPv4 or IPv6 addresses (A / AAAA). */
  hosts?: Record<string, string[]>;
  /** name → target; the target must be in `hosts` (dnsmasq answers CNAMEs only to names it knows). */
  cname?: Record<string, string>;
}

export interface DnsServer {
  /** `127.0.0.1:<port>`, for NIMBUS_DNS_SERVERS. */
  server: string;
  set(records: DnsRecords): Promise<void>;
  close(): Promise<void>;
}

function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

function args(port: number, zones: string[], records: DnsRecords): string[] {
  const list = [
    '--no-daemon',
    `--port=${port}`,
    '--listen-address=127.0.0.1',
    '--bind-interfaces',
    '--no-resolv',
    '--no-hosts',
    '--conf-file=/dev/null',
    `--pid-file=${path.join(tmpdir(), `nimbus-dnsmasq-${port}.pid`)}`,
    `--user=${userInfo().username}`,
    '--cache-size=0',
    ...zones.map((zone) => `--local=/${zone}/`),
  ];
  for (const [name, values] of Object.entries(records.txt ?? {}))
    for (const value of values) list.push(`--txt-record=${name},${value}`);
  for (const [name, ips] of Object.entries(records.hosts ?? {})) list.push(`--host-record=${name},${ips.join(',')}`);
  for (const [name, target] of Object.entries(records.cname ?? {})) list.push(`--cname=${name},${target}`);
  return list;
}

/** Starts dnsmasq answering for `zones` (e.g. `['test']`) with `records`, on `port` or a free one. */
export async function startDnsServer(
  zones: string[],
  records: DnsRecords = {},
  fixedPort?: number,
): Promise<DnsServer> {
  const port = fixedPort ?? (await freeUdpPort());
  const server = `127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };

  const start = async (next: DnsRecords) => {
    await stop();
    const proc = spawn(DNSMASQ, args(port, zones, next), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr?.on('data', (chunk) => (stderr += chunk));
    child = proc;
    // Ready once it answers: a query for a name under the first zone gets NXDOMAIN or an answer.
    const resolver = new Resolver({ timeout: 200, tries: 1 });
    resolver.setServers([server]);
    for (let i = 0; i < 50; i++) {
      if (proc.exitCode !== null) throw new Error(`dnsmasq exited (${proc.exitCode}): ${stderr}`);
      const answered = await resolver.resolve4(`ready.${zones[0]}`).then(
        () => true,
        (err: NodeJS.ErrnoException) => err.code === 'ENOTFOUND' || err.code === 'ENODATA',
      );
      if (answered) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`dnsmasq did not answer on ${server}: ${stderr}`);
  };

  await start(records);
  return { server, set: start, close: stop };
}
