// Measuring helpers of the dashboard bench: waiting for the server, time to first byte over plain
// HTTP (no client cache, no keep-alive) with the response's Server-Timing, median/p95, and page
// timings in Chromium read from the page itself (paint entries, and a MutationObserver noting when
// the target appears).
import { request } from 'node:http';
import type { Browser } from '@playwright/test';

export interface Timing {
  firstByte: number;
  total: number;
  /** The database queries the server counted for this response (NIMBUS_COUNT_QUERIES=1), if it did. */
  queries: number | null;
}

export async function waitForHealth(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Milliseconds to the first body byte and to the end of the response. */
export function ttfb(url: string, headers: Record<string, string>): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let firstByte = 0;
    const req = request(url, { headers: { ...headers, connection: 'close' } }, (res) => {
      if ((res.statusCode ?? 500) >= 400) reject(new Error(`${url} answered ${res.statusCode}`));
      res.on('data', () => void (firstByte ||= performance.now() - start));
      const timing = String(res.headers['server-timing'] ?? '');
      const queries = /db;desc="queries";dur=(\d+)/.exec(timing);
      res.on('end', () =>
        resolve({ firstByte, total: performance.now() - start, queries: queries ? Number(queries[1]) : null }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

export function stats(values: number[]): { median: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

type Cookie = { name: string; value: string; url: string };

/** Median FCP and "target in the page" times (from navigation start) over `runs` fresh contexts. */
export async function browserTimings(
  browser: Browser,
  url: string,
  cookie: Cookie | null,
  selector: string,
  runs: number,
) {
  const fcps: number[] = [];
  const visibles: number[] = [];
  let items = 0;
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    if (cookie) await context.addCookies([cookie]);
    const page = await context.newPage();
    await page.addInitScript((target) => {
      const w = window as unknown as { __targetAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector(target)) {
          w.__targetAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, selector);
    await page.goto(url);
    await page.locator(selector).first().waitFor({ state: 'visible' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      target: (window as unknown as { __targetAt?: number }).__targetAt ?? performance.now(),
    }));
    items = await page.locator(selector).count();
    fcps.push(timing.fcp);
    visibles.push(Math.max(timing.fcp, timing.target));
    await context.close();
  }
  return { fcp: stats(fcps).median, visible: stats(visibles).median, items };
}
