import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { singleFlight } from './cache';

/** A load whose answers the test releases by hand, counting calls per key. */
function manualLoad() {
  const calls: string[] = [];
  const waiting = new Map<string, (value: { v: string }) => void>();
  return {
    calls,
    load: (key: string) => {
      calls.push(key);
      return new Promise<{ v: string }>((resolve) => waiting.set(key, resolve));
    },
    answer(key: string, v: string) {
      waiting.get(key)!({ v });
    },
  };
}

describe('single-flight LRU', () => {
  it('shares one load among concurrent misses, then answers hits synchronously', async () => {
    const m = manualLoad();
    const cache = singleFlight({ limit: { max: 10 }, load: m.load });
    const first = cache.get('a');
    const second = cache.get('a');
    expect(first).toBeInstanceOf(Promise);
    m.answer('a', 'one');
    expect(await first).toEqual({ v: 'one' });
    expect(await second).toBe(await first);
    expect(cache.get('a')).toEqual({ v: 'one' });
    expect(m.calls).toEqual(['a']);
  });

  it('keeps no failure: the next request loads again', async () => {
    let calls = 0;
    const cache = singleFlight<string, { v: number }>({
      limit: { max: 10 },
      load: async () => {
        calls++;
        if (calls === 1) throw new Error('database down');
        return { v: calls };
      },
    });
    await expect(cache.get('a')).rejects.toThrow('database down');
    expect(await cache.get('a')).toEqual({ v: 2 });
  });

  it.each([
    ['evict', (c: { evict(m: () => boolean): void }) => c.evict(() => true)],
    ['clear', (c: { clear(): void }) => c.clear()],
  ])('answers a load under way at %s, but does not keep its answer', async (_name, invalidate) => {
    const m = manualLoad();
    const cache = singleFlight({ limit: { max: 10 }, load: m.load });
    const pending = cache.get('a');
    invalidate(cache);
    m.answer('a', 'old');
    expect(await pending).toEqual({ v: 'old' });
    const next = cache.get('a');
    expect(next).toBeInstanceOf(Promise);
    m.answer('a', 'new');
    expect(await next).toEqual({ v: 'new' });
    expect(m.calls).toEqual(['a', 'a']);
  });

  it('evicts only the entries picked', async () => {
    const cache = singleFlight({ limit: { max: 10 }, load: async (key: string) => ({ v: key }) });
    await cache.get('a');
    await cache.get('b');
    cache.evict((value) => value.v === 'a');
    expect(cache.get('a')).toBeInstanceOf(Promise);
    expect(cache.get('b')).toEqual({ v: 'b' });
  });

  it('gives each entry the time to live its value asks for', async () => {
    const cache = singleFlight({
      limit: { max: 10 },
      ttl: 60_000,
      ttlOf: (value: { v: string }) => (value.v === 'short' ? 5 : 60_000),
      load: async (key: string) => ({ v: key }),
    });
    await cache.get('short');
    await cache.get('long');
    await sleep(20);
    expect(cache.get('short')).toBeInstanceOf(Promise);
    expect(cache.get('long')).toEqual({ v: 'long' });
  });

  it('bounds the total size, dropping the least recently used', async () => {
    const cache = singleFlight({
      limit: { maxSize: 10, sizeOf: (b: Buffer) => b.length },
      load: async (key: string) => Buffer.alloc(4, key),
    });
    await cache.get('a');
    await cache.get('b');
    cache.get('a');
    await cache.get('c');
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeInstanceOf(Buffer);
    expect(cache.get('b')).toBeInstanceOf(Promise);
  });
});
