import { describe, expect, it } from 'vitest';
import { countries, countrySuggestions } from './countries';

describe('countrySuggestions', () => {
  it('finds countries by code and by the start of a word of their name, best first', () => {
    expect(countrySuggestions('de')[0]).toEqual({ code: 'DE', name: 'Germany' });
    expect(countrySuggestions('germ')).toEqual([{ code: 'DE', name: 'Germany' }]);
    expect(countrySuggestions('kingdom').map((c) => c.code)).toContain('GB');
    expect(countrySuggestions('   ')).toEqual([]);
  });

  it('lists real countries only', () => {
    const codes = countries().map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['US', 'FR', 'JP', 'BR']));
    expect(codes).not.toContain('EU');
    expect(codes).not.toContain('AA');
  });
});
