import { describe, expect, it, vi } from 'vitest';
import { createLazyHandler } from './lazy-handler';

describe('lazy transfer handler', () => {
  it('loads once on the first request, queues requests and replays them when the handler registers', async () => {
    const load = vi.fn(() => Promise.resolve());
    const lazy = createLazyHandler<string>(load);
    lazy.request('a');
    lazy.request('b');
    expect(load).toHaveBeenCalledOnce();
    const handler = vi.fn();
    lazy.register(handler);
    expect(handler.mock.calls).toEqual([['a'], ['b']]);
    lazy.request('c');
    expect(handler).toHaveBeenLastCalledWith('c');
    expect(load).toHaveBeenCalledOnce();
  });

  it('preloads on hover without opening anything', () => {
    const load = vi.fn(() => Promise.resolve());
    const lazy = createLazyHandler<string>(load);
    lazy.preload();
    lazy.preload();
    expect(load).toHaveBeenCalledOnce();
    const handler = vi.fn();
    lazy.register(handler);
    expect(handler).not.toHaveBeenCalled();
  });

  it('queues again after the handler unregisters, and retries a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const lazy = createLazyHandler<string>(load);
    lazy.preload();
    await Promise.resolve();
    await Promise.resolve();
    lazy.request('x');
    expect(load).toHaveBeenCalledTimes(2);
    const first = vi.fn();
    const unregister = lazy.register(first);
    unregister();
    lazy.request('y');
    expect(first.mock.calls).toEqual([['x']]);
    const second = vi.fn();
    lazy.register(second);
    expect(second.mock.calls).toEqual([['y']]);
  });
});
