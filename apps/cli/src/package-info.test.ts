// The CLI's view of itself: version order for `nimbus upgrade` and its notice, and the npm prefix a
// global install lives in, so an upgrade reinstalls in the same place.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareVersions, INSTALLED_FROM, installPrefix, VERSION } from './package-info';
import { upgradeArgs } from './upgrade';

describe('compareVersions', () => {
  it.each([
    ['0.1.0', '0.2.0', -1],
    ['0.10.0', '0.9.9', 1],
    ['1.0.0', '1.0.0', 0],
    ['1.0', '1.0.0', 0],
    ['v2.0.0', '1.9.9', 1],
    ['1.0.0-beta.1', '1.0.0', -1],
    ['1.0.0', '1.0.0-rc.1', 1],
    ['1.0.0-alpha', '1.0.0-beta', -1],
  ])('%s against %s is %i', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });
});

describe('installPrefix', () => {
  it('is the npm prefix of a global install, and null for a checkout', () => {
    expect(installPrefix(path.join('/home/ada/.npm-global', 'lib', 'node_modules', 'nimbus-cli'))).toBe(
      '/home/ada/.npm-global',
    );
    expect(installPrefix('/work/nimbus/apps/cli')).toBeNull();
    expect(installPrefix('/work/nimbus/node_modules/nimbus-cli')).toBeNull();
  });

  it('upgrades with an argument array into that prefix, from the server', () => {
    expect(upgradeArgs('https://nimbus.example.com', '/opt/nimbus')).toEqual([
      'install',
      '--global',
      '--prefix',
      '/opt/nimbus',
      'https://nimbus.example.com/cli/nimbus.tgz',
    ]);
    expect(upgradeArgs('https://nimbus.example.com', null)).toEqual([
      'install',
      '--global',
      'https://nimbus.example.com/cli/nimbus.tgz',
    ]);
  });
});

describe('in a repository checkout', () => {
  it("reads apps/cli/package.json's version and has no server of origin", async () => {
    const { version } = (await import('../package.json', { with: { type: 'json' } })).default;
    expect(VERSION).toBe(version);
    expect(INSTALLED_FROM).toBeNull();
  });
});
