// Tracing's rules (spec 9): sampling ratios by kind, decided on the trace id (so fixed ids give fixed
// answers); failed traces always kept; trace state limits; request ids; secrets redacted from errors.

import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import {
  extractParent,
  keepTrace,
  limitTraceState,
  newRequestId,
  randomHex,
  redactSecrets,
  SAMPLING_RATIOS,
  TRACE_STATE_MAX_ENTRIES,
  TRACE_STATE_MAX_LENGTH,
  traceKindOf,
} from './tracing';

/** A trace id whose first 8 hex digits are `head` and whose other digits are 0: the ratio sampler's value is `head`. */
const traceIdAt = (share: number) =>
  `${Math.floor(share * 0xffffffff)
    .toString(16)
    .padStart(8, '0')}${'0'.repeat(24)}`;

describe('sampling', () => {
  it('pins the spec ratios', () => {
    expect(SAMPLING_RATIOS).toEqual({ pageLoad: 0.2, middleware: 0.2, fetch: 0.2, appFetch: 0.4 });
    expect([TRACE_STATE_MAX_ENTRIES, TRACE_STATE_MAX_LENGTH]).toEqual([32, 512]);
  });

  it('keeps a fixed trace id by its kind: below 0.2 all kinds, between 0.2 and 0.4 only app fetches', () => {
    const low = traceIdAt(0.1);
    const middle = traceIdAt(0.3);
    const high = traceIdAt(0.9);
    for (const kind of ['pageLoad', 'middleware', 'fetch', 'appFetch'] as const) {
      expect(keepTrace(kind, low, false)).toBe(true);
      expect(keepTrace(kind, high, false)).toBe(false);
    }
    expect(keepTrace('pageLoad', middle, false)).toBe(false);
    expect(keepTrace('middleware', middle, false)).toBe(false);
    expect(keepTrace('fetch', middle, false)).toBe(false);
    expect(keepTrace('appFetch', middle, false)).toBe(true);
    // The same id always gives the same answer.
    expect(keepTrace('appFetch', middle, false)).toBe(true);
  });

  it('always keeps a trace that failed', () => {
    for (const kind of ['pageLoad', 'middleware', 'fetch', 'appFetch'] as const)
      expect(keepTrace(kind, traceIdAt(0.99), true)).toBe(true);
  });

  it('keeps about the ratio of random trace ids', () => {
    let kept = 0;
    for (let i = 0; i < 4000; i++) if (keepTrace('appFetch', crypto.randomUUID().replaceAll('-', ''), false)) kept++;
    expect(kept / 4000).toBeGreaterThan(0.35);
    expect(kept / 4000).toBeLessThan(0.45);
  });

  it('names the kind of a request by where it goes', () => {
    expect(traceKindOf('next', {})).toBe('pageLoad');
    expect(traceKindOf('edge', {})).toBe('middleware');
    expect(traceKindOf('api', { authorization: 'Bearer nmb_x' })).toBe('fetch');
    expect(traceKindOf('api', {})).toBe('fetch');
    expect(traceKindOf('api', { cookie: 'a=1; nimbus_session=abc' })).toBe('appFetch');
  });
});

describe('trace state', () => {
  it('keeps at most 32 entries', () => {
    const raw = Array.from({ length: 40 }, (_, i) => `k${i}=v${i}`).join(',');
    const state = limitTraceState(raw)!;
    const members = state.serialize().split(',');
    expect(members).toHaveLength(32);
    expect(members[0]).toBe('k0=v0');
    expect(members[31]).toBe('k31=v31');
  });

  it('keeps at most 512 characters, whole entries only', () => {
    const raw = Array.from({ length: 10 }, (_, i) => `vendor${i}=${'x'.repeat(90)}`).join(',');
    expect(raw.length).toBeGreaterThan(512);
    const serialized = limitTraceState(raw)!.serialize();
    expect(serialized.length).toBeLessThanOrEqual(512);
    expect(serialized.split(',')).toHaveLength(5);
    for (const member of serialized.split(',')) expect(member).toMatch(/^vendor\d=x{90}$/);
  });

  it('reads the parent of a request from traceparent, within the limits', () => {
    const parent = extractParent({
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      tracestate: Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(','),
    });
    const context = trace.getSpanContext(parent)!;
    expect(context.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(context.spanId).toBe('b7ad6b7169203331');
    expect(context.isRemote).toBe(true);
    expect(context.traceState!.serialize().split(',')).toHaveLength(32);
    expect(trace.getSpanContext(extractParent({ traceparent: 'garbage' }))).toBeUndefined();
    expect(trace.getSpanContext(extractParent({ tracestate: 'a=1' }))).toBeUndefined();
  });
});

describe('request ids and redaction', () => {
  it('makes distinct request ids', () => {
    const ids = new Set(Array.from({ length: 100 }, newRequestId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{20}$/);
  });

  it('hands out distinct hex ids across refills of its random pool', () => {
    // 4 KB a pool: 1,000 trace ids of 16 bytes refill it several times, at odd offsets too.
    const ids = Array.from({ length: 1000 }, (_, i) => randomHex(i % 2 ? 16 : 7));
    expect(new Set(ids).size).toBe(1000);
    for (const [i, id] of ids.entries()) expect(id).toMatch(i % 2 ? /^[0-9a-f]{32}$/ : /^[0-9a-f]{14}$/);
  });

  it('redacts credentials, tokens and password values', () => {
    const text = redactSecrets(
      `connect postgres://nimbus:hunter2@db:5432/x failed; token nmb_${'a'.repeat(40)}; Authorization: Bearer abc.def; password=swordfish`,
    );
    expect(text).not.toMatch(/hunter2|aaaaaaaa|abc\.def|swordfish/);
    expect(text).toContain('postgres://nimbus:[redacted]@db:5432/x');
  });
});
