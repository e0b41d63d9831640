// Kept spans are written as one JSON parameter a batch: every column, a root's missing parent,
// nested attributes and awkward text survive the trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { createTestDatabase } from '../testing';
import { insertTraceSpans, type NewTraceSpan, traceSpansOf } from './tracing';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('insertTraceSpans', () => {
  it('writes a batch with every column as given', async () => {
    const startedAt = new Date('2026-11-25T04:00:00.123Z');
    const rows: NewTraceSpan[] = [
      {
        traceId: 'a'.repeat(32),
        spanId: '1'.repeat(16),
        parentSpanId: null,
        name: 'fetch GET /api/v2/user',
        kind: 'fetch',
        startedAt,
        durationUs: 1234,
        status: 'error',
        attributes: { 'nimbus.root': true, 'http.response.status_code': 500, nested: { list: [1, 'two'] } },
      },
      {
        traceId: 'a'.repeat(32),
        spanId: '2'.repeat(16),
        parentSpanId: '1'.repeat(16),
        name: 'db SELECT "users" — \'quoted\' \\ \u00e9',
        kind: 'client',
        startedAt: new Date(startedAt.getTime() + 1),
        durationUs: 2_147_483_647,
        status: 'unset',
        attributes: {},
      },
    ];
    await insertTraceSpans(database.db, rows);
    await insertTraceSpans(database.db, []);
    const stored = await traceSpansOf(database.db, 'a'.repeat(32));
    expect(stored.map(({ id: _id, ...row }) => row)).toEqual(rows);
  });

  it('writes many rows in one batch', async () => {
    const rows = Array.from(
      { length: 600 },
      (_, i): NewTraceSpan => ({
        traceId: 'b'.repeat(32),
        spanId: i.toString(16).padStart(16, '0'),
        parentSpanId: i ? '0'.repeat(16) : null,
        name: `span ${i}`,
        kind: 'internal',
        startedAt: new Date(Date.UTC(2026, 10, 25, 4, 0, 0, i)),
        durationUs: i,
        status: 'ok',
        attributes: { i },
      }),
    );
    await insertTraceSpans(database.db, rows);
    const stored = await traceSpansOf(database.db, 'b'.repeat(32));
    expect(stored).toHaveLength(600);
    expect(stored[599]).toMatchObject({ spanId: rows[599]!.spanId, durationUs: 599, attributes: { i: 599 } });
  });
});
