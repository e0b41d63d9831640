// Polls for conditions that have no event to listen to, such as a third-party script's global appearing.

export interface WaitForOptions {
  interval?: number;
  maxAttempts?: number;
  /** Called once when every attempt failed. */
  onTimeout?: () => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Checks immediately, then every `interval` ms, up to `maxAttempts` checks in total (docs/spec.md §9: 250 ms,
 * 32 attempts). Resolves true as soon as the check passes, false after calling onTimeout.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  { interval = 250, maxAttempts = 32, onTimeout }: WaitForOptions = {},
): Promise<boolean> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (await check()) return true;
    if (attempt < maxAttempts) await sleep(interval);
  }
  onTimeout?.();
  return false;
}
