// Where Nimbus may send a request whose URL a team gave: webhooks, log drains, Slack notices, budget
// alerts, a connected Gitea/GitLab server and SSO metadata. A tenant must not reach the services
// behind Nimbus (its own API, its database, a cloud's metadata endpoint, an admin port) through them,
// so unless the operator allows it (NIMBUS_HOOKS_PRIVATE_ADDRESSES) a URL is refused when its host is
// named localhost or is, or resolves to, an address outside the public internet (non-public-ranges.ts) or
// an address of one of this server's own interfaces, read at each check so a new interface counts.
// The URL is checked when it is stored and again before each send, since a name may point elsewhere
// by then. fetch resolves the name once more, so a DNS server that answers differently the second
// time is not stopped here: an operator who fears rebinding also filters egress at the network.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import os from 'node:os';
import { DomainError } from '@nimbus/core';
import { NON_PUBLIC_IPV4, NON_PUBLIC_IPV6 } from '../non-public-ranges';

type Family = 'ipv4' | 'ipv6';

function compile(ranges: readonly (readonly [string, string])[], family: Family) {
  return ranges.map(([cidr, kind]) => {
    const [network, prefix] = cidr.split('/') as [string, string];
    const list = new BlockList();
    list.addSubnet(network, Number(prefix), family);
    return { list, kind };
  });
}
const V4 = compile(NON_PUBLIC_IPV4, 'ipv4');
const V6 = compile(NON_PUBLIC_IPV6, 'ipv6');
const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/** Whether `address` belongs to one of this server's interfaces now. */
function ownAddress(address: string, family: Family): boolean {
  const own = new BlockList();
  // Read through the module object at each call, so an interface that appears later counts (and a test can add one).
  for (const a of Object.values(os.networkInterfaces()).flat())
    if (a) own.addAddress(a.address, a.family === 'IPv4' ? 'ipv4' : 'ipv6');
  return own.check(address, family);
}

/** The last 32 bits of an IPv6 address, as IPv4. */
function embeddedIPv4(v6: string): string {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (dotted) return dotted[1]!;
  const [high, low] = v6
    .split(':')
    .slice(-2)
    .map((group) => Number.parseInt(group || '0', 16)) as [number, number];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * What `address` is when it is not a public one, or null. A NAT64 address (64:ff9b::/96) is judged by
 * the IPv4 address it carries: on an IPv6-only server with DNS64 every IPv4-only receiver has one.
 */
function kindOf(address: string): string | null {
  const family: Family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (family === 'ipv6' && NAT64.check(address, 'ipv6')) {
    const v4 = embeddedIPv4(address);
    const kind = kindOf(v4);
    return kind && `the NAT64 form of ${v4}, ${kind}`;
  }
  const match = (family === 'ipv4' ? V4 : V6).find((range) => range.list.check(address, family));
  if (match) return match.kind;
  return ownAddress(address, family) ? 'an address of this Nimbus server' : null;
}

const ONLY_PUBLIC =
  'Nimbus sends requests only to public addresses unless the operator sets NIMBUS_HOOKS_PRIVATE_ADDRESSES=1.';

/**
 * Why Nimbus will not send to `url`, or null when it may: not http(s), or (unless `allowPrivate`) a
 * host named localhost or one that is or resolves to a non-public address. A name that does not
 * resolve throws the resolver's error.
 */
export async function refusedDestination(url: string, allowPrivate: boolean): Promise<string | null> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return `Nimbus sends only to http:// and https:// URLs, not ${parsed.protocol}.`;
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} names this machine; ${ONLY_PUBLIC}`;
  if (isIP(host)) {
    const kind = kindOf(host);
    return kind && `${host} is ${kind}; ${ONLY_PUBLIC}`;
  }
  for (const { address } of await lookup(host, { all: true, verbatim: true })) {
    const kind = kindOf(address);
    if (kind) return `${host} resolves to ${address}, ${kind}; ${ONLY_PUBLIC}`;
  }
  return null;
}

/**
 * `url` as Nimbus stores it, or a 400 saying why it may not be a destination (`field` starts the
 * message when given). A name that does not resolve yet is kept: each send checks it again.
 */
export async function checkDestination(
  url: string,
  options: { allowPrivate: boolean; field?: string },
): Promise<string> {
  const prefix = options.field ? `${options.field}: ` : '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DomainError(
      'bad_request',
      `${prefix}"${url.slice(0, 100)}" is not a URL; give an http:// or https:// address.`,
    );
  }
  const refused = await refusedDestination(parsed.href, options.allowPrivate).catch(() => null);
  if (refused) throw new DomainError('bad_request', `${prefix}${refused}`);
  return parsed.toString();
}
