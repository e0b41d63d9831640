import { describe, expect, it } from 'vitest';
import { DomainError, describeError, ERROR_STATUS, errorEnvelope } from './errors';

describe('the error vocabulary', () => {
  it('recognises a DomainError thrown by another copy of this module, as the dashboard bundle meets the API’s', async () => {
    // A query string makes the module loader evaluate the file again: a second class, as in a second bundle.
    const other = (await import(`./errors?copy=${Date.now()}`)) as typeof import('./errors');
    expect(other.DomainError).not.toBe(DomainError);
    const thrown = new other.DomainError('not_found', 'The project "x" was not found.');
    expect(thrown instanceof DomainError).toBe(true);
    expect(new DomainError('forbidden', 'no') instanceof other.DomainError).toBe(true);
    expect(new Error('plain') instanceof DomainError).toBe(false);
    expect(Object.assign(new Error('look-alike'), { code: 'not_found' }) instanceof DomainError).toBe(false);
    expect((null as unknown) instanceof DomainError).toBe(false);
  });

  it('builds the one envelope, where extra fields never replace the code or the message', () => {
    expect(errorEnvelope('plan_limit', 'The Hobby plan allows 150 deployments a day.', { limit: 150 })).toEqual({
      error: { limit: 150, code: 'plan_limit', message: 'The Hobby plan allows 150 deployments a day.' },
    });
    expect(errorEnvelope('forbidden', 'real', { code: 'spoofed', message: 'spoofed' }).error).toMatchObject({
      code: 'forbidden',
      message: 'real',
    });
  });

  it('gives every code a client-error status and describes errors without query parameters', () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status >= 400 && status < 600).toBe(true);
    const failed = Object.assign(new Error('Failed query: select 1 where token = $1\nparams: secret'), {
      query: 'select 1 where token = $1',
      params: ['secret'],
    });
    expect(describeError(failed)).toContain('Failed query: select 1 where token = $1');
    expect(describeError(failed)).not.toContain('secret');
  });
});
