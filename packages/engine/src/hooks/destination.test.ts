import { describe, expect, it } from 'vitest';
import { privateAddressOf, refusedDestination } from './destination';

describe('hook destinations', () => {
  it('finds loopback, private, link-local and mapped addresses, by literal and by name', async () => {
    for (const [url, address] of [
      ['http://127.0.0.1:5432/', '127.0.0.1'],
      ['https://10.1.2.3/hook', '10.1.2.3'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['http://192.168.1.20/', '192.168.1.20'],
      ['http://[::1]:6379/', '::1'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
      ['http://[fd00::1]/', 'fd00::1'],
    ] as const) {
      expect(await privateAddressOf(url), url).toBe(address);
    }
    expect(await privateAddressOf('http://localhost:9/')).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('lets public addresses through, and private ones only when the operator allows them', async () => {
    expect(await privateAddressOf('https://93.184.216.34/hook')).toBeNull();
    expect(await privateAddressOf('https://[2606:2800:220:1::1]/')).toBeNull();
    expect(await refusedDestination('http://127.0.0.1:8080/', true)).toBeNull();
    expect(await refusedDestination('http://127.0.0.1:8080/', false)).toMatch(
      /127\.0\.0\.1 is a private address .*NIMBUS_HOOKS_PRIVATE_ADDRESSES=1/,
    );
    await expect(privateAddressOf('ftp://example.com/')).rejects.toThrow(/not http/);
  });
});
