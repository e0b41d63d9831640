// Whatever logs in the server process (Next.js rendering a dashboard page included), a failed
// query reaches the console without its parameters.
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redactDatabaseErrors } from './safe-console';

describe('redactDatabaseErrors', () => {
  it('prints failed queries without their parameters and leaves other arguments alone', () => {
    const lines: unknown[][] = [];
    const record = (...args: unknown[]) => void lines.push(args);
    const target = { error: record, warn: record, log: record, info: record };
    redactDatabaseErrors(target);
    redactDatabaseErrors(target);
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "tokens_hash"'), {
      code: '23505',
    });
    const failed = new DrizzleQueryError('insert into tokens (token_hash) values ($1)', ['sha256-SECRET'], cause);
    const plain = new Error('not a query');
    target.error('⨯', failed, plain, 42);
    expect(lines).toHaveLength(1);
    const [prefix, line, other, number] = lines[0]!;
    expect([prefix, other, number]).toEqual(['⨯', plain, 42]);
    expect(line).toMatch(/^Failed query: insert into tokens \(token_hash\) values \(\$1\) \(23505 /);
    expect(String(line)).not.toContain('SECRET');
  });
});
