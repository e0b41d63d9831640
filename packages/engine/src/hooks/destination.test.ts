import os from 'node:os';
import { DomainError } from '@nimbus/core';
import { describe, expect, it, vi } from 'vitest';
import { checkDestination, refusedDestination } from './destination';

const refused = (url: string) => refusedDestination(url, false);

describe('hook destinations', () => {
  it.each([
    ['http://127.0.0.1:5432/', /^127\.0\.0\.1 is a loopback address; Nimbus sends requests only to public addresses/],
    ['http://2130706433/', /^127\.0\.0\.1 is a loopback address/],
    ['http://0x7f.1/', /^127\.0\.0\.1 is a loopback address/],
    ['https://10.0.0.5/hook', /^10\.0\.0\.5 is a private address/],
    ['http://192.168.1.20/', /a private address/],
    ['http://172.31.255.1/', /a private address/],
    ['http://100.64.1.1/', /a shared \(carrier-grade NAT\) address/],
    ['http://169.254.169.254/latest/meta-data', /a link-local address/],
    ['http://0.0.0.0:3000/', /"this network" address/],
    ['http://192.0.2.10/', /a documentation address \(TEST-NET-1\)/],
    ['http://198.51.100.7/', /TEST-NET-2/],
    ['http://203.0.113.9/', /TEST-NET-3/],
    ['http://198.19.0.1/', /a benchmarking address/],
    ['http://224.0.0.1/', /a multicast address/],
    ['http://240.0.0.1/', /a reserved address/],
    ['http://255.255.255.255/', /the broadcast address/],
    ['http://[::]/', /^:: is the unspecified address/],
    ['http://[::1]:6379/', /^::1 is the loopback address/],
    ['http://[::ffff:127.0.0.1]/', /^::ffff:7f00:1 is an IPv4-mapped address/],
    ['http://[::127.0.0.1]/', /^::7f00:1 is an IPv4-compatible address/],
    ['http://[64:ff9b::127.0.0.1]/', /^64:ff9b::7f00:1 is the NAT64 form of 127\.0\.0\.1, a loopback address/],
    ['http://[64:ff9b:1::1]/', /a local-use NAT64 address/],
    ['http://[100::1]/', /a discard address/],
    ['http://[2001:db8::1]/', /a documentation address/],
    ['http://[fd00::1]/', /a private \(unique local\) address/],
    ['http://[fe80::1]/', /a link-local address/],
    ['http://[ff02::1]/', /a multicast address/],
    ['http://localhost:9/', /^localhost names this machine/],
    ['http://LocalHost./', /^localhost names this machine/],
    ['http://foo.localhost/', /^foo\.localhost names this machine/],
  ])('refuses %s', async (url, reason) => {
    expect(await refused(url)).toMatch(reason);
    expect(await refused(url)).toMatch(/unless the operator sets NIMBUS_HOOKS_PRIVATE_ADDRESSES=1\.$/);
  });

  it("refuses every address of this server's own interfaces", async () => {
    const own = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal);
    for (const a of own) {
      const host = a!.family === 'IPv6' ? `[${a!.address}]` : a!.address;
      expect(await refused(`http://${host}:3000/api/health`), a!.address).not.toBeNull();
    }
  });

  it('counts an interface that appeared after Nimbus started', async () => {
    const url = 'http://93.184.216.34:3000/api/health';
    expect(await refused(url)).toBeNull();
    // This server's interfaces are read at each check: one appears now. (A spy on the module object,
    // not vi.mock: test files share their modules, so destination.ts may be loaded already.)
    const interfaces = vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      eth1: [
        {
          address: '93.184.216.34',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '02:00:00:00:00:01',
          internal: false,
          cidr: '93.184.216.34/24',
        },
      ],
    });
    try {
      expect(await refused(url)).toMatch(/^93\.184\.216\.34 is an address of this Nimbus server;/);
    } finally {
      interfaces.mockRestore();
    }
  });

  it('lets public addresses through, and private ones only when the operator allows them', async () => {
    expect(await refused('https://93.184.216.34/hook')).toBeNull();
    expect(await refused('https://[2606:2800:220:1::1]/')).toBeNull();
    expect(await refused('https://[64:ff9b::93.184.216.34]/')).toBeNull();
    expect(await refusedDestination('http://127.0.0.1:8080/', true)).toBeNull();
    expect(await refusedDestination('ftp://93.184.216.34/', true)).toMatch(/only to http:\/\/ and https:\/\/ URLs/);
  });

  it('says why as a 400 before anything is stored', async () => {
    const error = await checkDestination('http://[::127.0.0.1]/', { allowPrivate: false }).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/IPv4-compatible/) });
    await expect(checkDestination('http://10.0.0.5/', { allowPrivate: false, field: 'webhookUrl' })).rejects.toThrow(
      /^webhookUrl: 10\.0\.0\.5 is a private address; Nimbus sends requests only to public addresses/,
    );
    await expect(checkDestination('not a url', { allowPrivate: true })).rejects.toThrow(/is not a URL/);
    expect(await checkDestination('https://93.184.216.34', { allowPrivate: false })).toBe('https://93.184.216.34/');
  });
});
