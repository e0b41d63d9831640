import { describe, expect, it } from 'vitest';
import { templatePath } from './template-path';

describe('templatePath', () => {
  it.each([
    ['/v1/projects/{id}', { id: 'prj_1' }, '/v1/projects/prj_1'],
    ['/v1/projects/{id}/transfer/{to}', { id: 'a', to: 'b' }, '/v1/projects/a/transfer/b'],
    ['/v1/projects/{id}', { id: 'a b/c?' }, '/v1/projects/a%20b%2Fc%3F'],
    ['/v1/projects/{id}', { id: 42 }, '/v1/projects/42'],
    ['/v1/projects/{id}', { id: 'p', teamId: 'team_1' }, '/v1/projects/p?teamId=team_1'],
    ['/v2/usage', { from: 1, until: 2, all: true }, '/v2/usage?from=1&until=2&all=true'],
    ['/v2/usage', { q: 'a&b=c d' }, '/v2/usage?q=a%26b%3Dc+d'],
    ['/v2/usage?flags=true', { teamId: 't' }, '/v2/usage?flags=true&teamId=t'],
    ['/v2/usage', { teamId: undefined, slug: null }, '/v2/usage'],
    ['/v2/usage', {}, '/v2/usage'],
    ['/{a}/{a}', { a: 'x' }, '/x/x'],
  ])('%s with %j → %s', (path, params, expected) => {
    expect(templatePath(path, params)).toBe(expected);
  });

  it.each([{}, { id: undefined }, { id: null }])('throws when a placeholder has no value (%j)', (params) => {
    expect(() => templatePath('/v1/projects/{id}', params)).toThrow(
      'Missing value for path parameter "id" in /v1/projects/{id}',
    );
  });
});
