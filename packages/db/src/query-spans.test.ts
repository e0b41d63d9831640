import { describe, expect, it } from 'vitest';
import { statementName } from './query-spans';

describe('statementName', () => {
  it('names a statement by its verb and table, never its values', () => {
    expect(statementName('select "id", "email" from "users" where "users"."id" = $1')).toBe('SELECT users');
    expect(statementName('insert into "trace_spans" ("trace_id") values ($1)')).toBe('INSERT trace_spans');
    expect(statementName('update "sessions" set "last_seen_at" = $1')).toBe('UPDATE sessions');
    expect(statementName('delete from "rate_limits" where "expires_at" < $1')).toBe('DELETE rate_limits');
    expect(statementName('  BEGIN')).toBe('BEGIN');
    expect(statementName('with x as (select 1) select * from "teams"')).toBe('WITH teams');
  });

  it('gives the same name for a statement seen before', () => {
    const text = 'select "id" from "projects" where "team_id" = $1';
    expect(statementName(text)).toBe('SELECT projects');
    expect(statementName(text)).toBe('SELECT projects');
  });
});
