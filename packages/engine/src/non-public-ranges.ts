// The address ranges outside the public internet: what a team-given URL may not reach
// (hooks/destination.ts) and what builds and functions are kept from (sandbox/network.ts).

/** IPv4 ranges, each with what a refusal calls it; the first match names an address. */
export const NON_PUBLIC_IPV4 = [
  ['0.0.0.0/8', 'a "this network" address'],
  ['10.0.0.0/8', 'a private address'],
  ['100.64.0.0/10', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['169.254.0.0/16', 'a link-local address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.0.0.0/24', 'a reserved address'],
  ['192.0.2.0/24', 'a documentation address (TEST-NET-1)'],
  ['192.88.99.0/24', 'a reserved address (6to4 relay)'],
  ['192.168.0.0/16', 'a private address'],
  ['198.18.0.0/15', 'a benchmarking address'],
  ['198.51.100.0/24', 'a documentation address (TEST-NET-2)'],
  ['203.0.113.0/24', 'a documentation address (TEST-NET-3)'],
  ['224.0.0.0/4', 'a multicast address'],
  ['255.255.255.255/32', 'the broadcast address'],
  ['240.0.0.0/4', 'a reserved address'],
] as const;

/** The IPv4 documentation ranges (RFC 5737): refused as hook destinations, not kept from builds (sandbox/network.ts). */
export const DOCUMENTATION_IPV4: readonly string[] = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'];

/**
 * IPv6 ranges (sandboxes have no IPv6). NAT64's 64:ff9b::/96 is not here: hooks/destination.ts
 * judges such an address by the IPv4 address it carries.
 */
export const NON_PUBLIC_IPV6 = [
  ['::/128', 'the unspecified address'],
  ['::1/128', 'the loopback address'],
  ['::ffff:0:0/96', 'an IPv4-mapped address'],
  ['::/96', 'an IPv4-compatible address'],
  ['64:ff9b:1::/48', 'a local-use NAT64 address'],
  ['100::/64', 'a discard address'],
  ['2001::/23', 'a reserved address (IETF protocol assignments)'],
  ['2001:db8::/32', 'a documentation address'],
  ['2002::/16', 'a 6to4 address'],
  ['3fff::/20', 'a documentation address'],
  ['fc00::/7', 'a private (unique local) address'],
  ['fe80::/10', 'a link-local address'],
  ['fec0::/10', 'a site-local address'],
  ['ff00::/8', 'a multicast address'],
] as const;
