// The error envelope's last resort: a query the database refuses because of the caller's input
// is a 400, anything else a 500 that leaks nothing; and a failed query is logged without its
// parameters, which can be password or token hashes.
import { OpenAPIHono } from '@hono/zod-openapi';
import { describeError } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleError } from './errors';

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$TOP-SECRET-HASH';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: OpenAPIHono;
beforeAll(async () => {
  database = await createTestDatabase();
  app = new OpenAPIHono();
  app.onError(handleError);
  app.get('/nul', async () => {
    await database.db.execute(sql`select ${'a\u0000b'}::text`);
    return new Response('unreachable');
  });
  app.get('/date', async () => {
    await database.db.execute(sql`select ${'999999-01-01'}::timestamptz`);
    return new Response('unreachable');
  });
  app.get('/broken', async () => {
    await database.db.execute(sql`select * from no_such_table where password_hash = ${SECRET}`);
    return new Response('unreachable');
  });
});
afterAll(() => database.close());

async function capture(path: string) {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const res = await app.request(`http://localhost${path}`);
    return { status: res.status, json: (await res.json()) as any, logged: spy.mock.calls.flat().join('\n') };
  } finally {
    spy.mockRestore();
  }
}

describe('handleError', () => {
  it.each([
    ['a NUL byte', '/nul'],
    ['a date out of range', '/date'],
  ])('answers a query refused for %s with 400 in the envelope', async (_, path) => {
    const res = await capture(path);
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: 'bad_request', message: expect.stringMatching(/not valid text/) });
    expect(res.logged).toBe('');
  });

  it('logs a failed query with its SQL and the database error, never its parameters', async () => {
    const res = await capture('/broken');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.json)).not.toContain('no_such_table');
    expect(res.logged).toContain('no_such_table');
    expect(res.logged).toContain('42P01');
    expect(res.logged).not.toContain('TOP-SECRET-HASH');
  });
});

describe('describeError', () => {
  it('keeps the parameters of a failed query out of the line', async () => {
    const err = await database.db.execute(sql`select ${SECRET}::int`).catch((e: unknown) => e);
    expect(String((err as Error).message)).toContain('TOP-SECRET-HASH');
    const line = describeError(err);
    expect(line).toMatch(/^Failed query: select \$1::int \(22P02 /);
    expect(line).not.toContain('TOP-SECRET-HASH');
  });
});
