// Outbound network of a sandbox in `public` mode. The job has its own network namespace; slirp4netns
// gives it a user-space NAT to the outside with the host's loopback disabled, so 10.0.2.2 does not
// reach the host's 127.0.0.1. Other private ranges and the host's own addresses would still be reached
// through that NAT, and slirp4netns cannot filter destinations (its --outbound-addr only picks the
// source address), so before the job starts we add "prohibit" routes for them in the job's namespace
// while we still hold the capabilities to do it; the job itself has none and cannot remove them.
// IPv6 is not enabled at all, so ::1 and fc00::/7 stay unreachable.
import { execFile, spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { DOCUMENTATION_IPV4, NON_PUBLIC_IPV4 } from '../non-public-ranges';

// Every non-public range but the documentation ones: the internet never routes those, so a job gains
// nothing by reaching them, while some networks number real hosts from them (this kind of network's
// package registry mirror among them), and a build must reach its registry wherever it is.
const BLOCKED = NON_PUBLIC_IPV4.map(([cidr]) => cidr).filter((cidr) => !DOCUMENTATION_IPV4.includes(cidr));

/** slirp4netns's gateway: the host, seen from the job. */
const GATEWAY = '10.0.2.2/32';

export interface JobNetwork {
  stop(): void;
}

/** The host's own IPv4 addresses: reachable through the NAT even when public. */
function hostAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4')
    .map((a) => `${a!.address}/32`);
}

/** Connects the network namespace of `pid` to the outside; resolves once routes are in place. */
export async function startPublicNetwork(pid: number): Promise<JobNetwork> {
  // slirp4netns confines itself too (its own mount namespace and seccomp filter).
  const slirp = spawn(
    'setpriv',
    [
      ...['--pdeathsig', 'KILL', '--', 'slirp4netns', '--configure', '--mtu=65520', '--disable-host-loopback'],
      ...['--enable-sandbox', '--enable-seccomp', '--ready-fd=3', '--netns-type=path', `/proc/${pid}/ns/net`, 'tap0'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const stop = () => slirp.kill('SIGKILL');
  try {
    await new Promise<void>((resolve, reject) => {
      let stderr = '';
      slirp.stderr!.on('data', (d) => (stderr += d));
      slirp.stdio[3]!.once('data', () => resolve());
      slirp.once('error', reject);
      slirp.once('exit', () => reject(new Error(`slirp4netns could not start: ${stderr.trim() || 'no output'}`)));
    });
    // The job's 10.0.2.0/24 stays reachable for its DNS forwarder (10.0.2.3): that route is more
    // specific than 10.0.0.0/8. The gateway 10.0.2.2 itself is the host as slirp4netns sees it; with
    // host loopback disabled it should refuse, yet a connection to a host port through it was seen to
    // succeed under load, so it is prohibited as a destination too (it stays the next hop of the
    // default route, which a destination route does not change).
    const routes = [...BLOCKED, GATEWAY, ...hostAddresses()].map((r) => `route add prohibit ${r}`).join('\n');
    await new Promise<void>((resolve, reject) => {
      const ip = execFile(
        'nsenter',
        [`--net=/proc/${pid}/ns/net`, 'ip', '-force', '-batch', '-'],
        (err, _out, stderr) =>
          err
            ? reject(new Error(`Could not restrict the sandbox network: ${stderr.trim() || err.message}`))
            : resolve(),
      );
      // When nsenter fails (the job already gone) its stdin closes first: the callback above reports it.
      ip.stdin!.on('error', () => undefined);
      ip.stdin!.end(`${routes}\n`);
    });
  } catch (err) {
    stop();
    throw err;
  }
  return { stop };
}
