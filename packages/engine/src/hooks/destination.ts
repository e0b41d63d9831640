// Where outgoing webhooks, log drains, Slack notices and budget alerts may go. Their URLs are a team's
// input, so unless the operator allows it (NIMBUS_HOOKS_PRIVATE_ADDRESSES), a URL whose host is or
// resolves to loopback, a private, shared or link-local network, or a multicast or reserved range is
// refused: a tenant must not reach the services behind Nimbus (its database, metadata endpoints, an
// admin port) through them. The ranges are the ones builds and functions are kept from
// (sandbox/network.ts). A name is resolved here and again by fetch, so a DNS server that answers
// differently the second time is not stopped: the check keeps honest mistakes and plain requests to
// internal addresses out, and an operator who fears rebinding also filters egress at the network.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Two lists: a BlockList checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d).
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blockedV4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['::ffff:0:0', 96], // IPv4-mapped: no receiver needs them
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blockedV6.addSubnet(network, prefix, 'ipv6');

function isBlocked(address: string, family: number): boolean {
  return family === 6 ? blockedV6.check(address, 'ipv6') : blockedV4.check(address, 'ipv4');
}

/**
 * The first address of `url`'s host that is not public, or null when every address is public.
 * Throws when the URL is not http(s) or its name does not resolve.
 */
export async function privateAddressOf(url: string): Promise<string | null> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${parsed.protocol} is not http(s)`);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await lookup(host, { all: true });
  return addresses.find((a) => isBlocked(a.address, a.family))?.address ?? null;
}

/** Why a delivery to `url` is refused, or null when it may go. */
export async function refusedDestination(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const address = await privateAddressOf(url);
  if (!address) return null;
  return `${new URL(url).hostname} is a private address (${address}); Nimbus sends only to public addresses unless the operator sets NIMBUS_HOOKS_PRIVATE_ADDRESSES=1.`;
}
