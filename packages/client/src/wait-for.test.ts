import { describe, expect, it, vi } from 'vitest';
import { waitFor } from './wait-for';

describe('waitFor', () => {
  it('resolves true on the first passing check without waiting', async () => {
    const onTimeout = vi.fn();
    const check = vi.fn(() => true);
    await expect(waitFor(check, { interval: 10_000, onTimeout })).resolves.toBe(true);
    expect(check).toHaveBeenCalledOnce();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('keeps polling until an async check passes', async () => {
    let calls = 0;
    const result = await waitFor(async () => ++calls === 3, { interval: 1 });
    expect(result).toBe(true);
    expect(calls).toBe(3);
  });

  it('calls onTimeout once after maxAttempts checks', async () => {
    const onTimeout = vi.fn();
    const check = vi.fn(() => false);
    await expect(waitFor(check, { interval: 1, maxAttempts: 4, onTimeout })).resolves.toBe(false);
    expect(check).toHaveBeenCalledTimes(4);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('defaults to 32 attempts 250 ms apart', async () => {
    vi.useFakeTimers();
    try {
      const check = vi.fn(() => false);
      const onTimeout = vi.fn();
      const done = waitFor(check, { onTimeout });
      await vi.advanceTimersByTimeAsync(250 * 30);
      expect(check).toHaveBeenCalledTimes(31);
      expect(onTimeout).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(250);
      await expect(done).resolves.toBe(false);
      expect(check).toHaveBeenCalledTimes(32);
      expect(onTimeout).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('propagates a failing check', async () => {
    await expect(waitFor(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
