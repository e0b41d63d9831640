import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { type ClientErrorReport, createErrorReporter, MAX_STACK_CHARS } from './error-reporter';
import { createFetcher } from './fetcher';
import { createLogger } from './logger';

/** mulberry32: a seeded random source, so the sampling test gives the same count on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function reporter(random: () => number = Math.random) {
  const sent: ClientErrorReport[] = [];
  const r = createErrorReporter({
    logger: createLogger('none'),
    release: '1.4.0',
    path: () => '/acme/settings',
    send: async (report) => sent.push(report),
    random,
  });
  return { r, sent };
}

const apiError = (status: number) => new ApiError('failed', { status, code: 'bad_request', requestId: 'req_1' });

describe('client error reporting', () => {
  it('drops about 90% of 400-499 failures (seeded) and reports every 5xx', async () => {
    const { r, sent } = reporter(seeded(42));
    for (let i = 0; i < 1000; i++) await r.report(apiError(404), 'fetch');
    expect(sent.length).toBeGreaterThan(70);
    expect(sent.length).toBeLessThan(130);
    sent.length = 0;
    for (let i = 0; i < 100; i++) await r.report(apiError(500 + (i % 4)), 'fetch');
    expect(sent).toHaveLength(100);
  });

  it('never reports an aborted call', async () => {
    const { r, sent } = reporter();
    await r.report(new ApiError('cancelled', { status: 0, code: 'abort', isAbort: true }), 'fetch');
    expect(sent).toEqual([]);
  });

  it('carries the failing call request id and trace id from the fetch helper, the path and the release', async () => {
    const { r, sent } = reporter();
    const fetcher = createFetcher({
      fetch: async () =>
        new Response('{"error":{"code":"internal","message":"Boom"}}', {
          status: 502,
          headers: {
            'content-type': 'application/json',
            'x-nimbus-id': 'req_abc',
            traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
          },
        }),
      onError: (error) => void r.report(error, 'fetch'),
    });
    await expect(fetcher('/v9/projects')).rejects.toThrow('Boom');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent[0]).toMatchObject({
      kind: 'fetch',
      message: 'Boom',
      status: 502,
      requestId: 'req_abc',
      traceId: '0af7651916cd43dd8448eb211c80319c',
      path: '/acme/settings',
      release: '1.4.0',
      properties: { callPath: '/api/v9/projects' },
    });
  });

  it('truncates stacks and redacts email, ip and phone properties', async () => {
    const { r, sent } = reporter();
    const error = new Error('window broke');
    error.stack = 'x'.repeat(MAX_STACK_CHARS * 2);
    await r.report(error, 'error', { email: 'a@b.c', nested: { ip: '1.2.3.4', phone: '+1' }, kept: 1 });
    expect(sent[0]!.stack).toHaveLength(MAX_STACK_CHARS);
    expect(sent[0]!.properties).toEqual({ email: 'REDACTED', nested: { ip: 'REDACTED', phone: 'REDACTED' }, kept: 1 });
    await r.report('a plain rejection', 'unhandledrejection');
    expect(sent[1]).toMatchObject({ kind: 'unhandledrejection', message: 'a plain rejection', stack: null });
  });
});
