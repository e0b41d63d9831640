import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  describeServerTiming,
  localhostUrl,
  parseServerTiming,
  pprFallbackShellUrl,
  toggleDeployFreeze,
} from './internal-commands';

afterEach(() => vi.unstubAllGlobals());

describe('internal commands', () => {
  it('reads Server-Timing metrics with their durations and descriptions', () => {
    expect(parseServerTiming('total;dur=12.3')).toEqual([{ name: 'total', dur: 12.3, desc: null }]);
    expect(parseServerTiming('db;desc="Query";dur=4, cache')).toEqual([
      { name: 'db', dur: 4, desc: 'Query' },
      { name: 'cache', dur: null, desc: null },
    ]);
    expect(describeServerTiming('total;dur=12.3, cache')).toBe('Server timing: total 12.3 ms, cache');
    expect(describeServerTiming(null)).toBe('This page sent no Server-Timing header.');
  });

  it('builds the PPR fallback shell and localhost URLs of the current page', () => {
    expect(pprFallbackShellUrl('http://nimbus.test/acme/web?tab=1#x')).toBe(
      'http://nimbus.test/acme/web?tab=1&__nextppronly=fallback#x',
    );
    expect(localhostUrl({ pathname: '/acme/web', search: '?tab=1', hash: '#x' })).toBe(
      'http://localhost:3000/acme/web?tab=1#x',
    );
  });

  it('reloads the page only when the deploy-freeze toggle answers 200', async () => {
    const reload = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 403 }))),
    );
    expect(await toggleDeployFreeze(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"enabled":true}', { status: 200 }))),
    );
    expect(await toggleDeployFreeze(reload)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });
});
