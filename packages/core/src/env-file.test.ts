import { describe, expect, it } from 'vitest';
import { parseEnvText } from './env-file';

describe('parseEnvText', () => {
  it('splits several assignments on one line', () => {
    expect(parseEnvText('FOO=1 BAR=two')).toEqual([
      { key: 'FOO', value: '1' },
      { key: 'BAR', value: 'two' },
    ]);
  });

  it('reads a multi-line .env with export, comments, blank lines and quotes', () => {
    const text = [
      '# Stripe',
      'export STRIPE_KEY=sk_test_1',
      '',
      'GREETING="hello world\\nagain" # said twice',
      'SINGLE=\'a "b"\'',
      'EMPTY=',
      'URL=https://example.com/?a=b',
    ].join('\r\n');
    expect(parseEnvText(text)).toEqual([
      { key: 'STRIPE_KEY', value: 'sk_test_1' },
      { key: 'GREETING', value: 'hello world\nagain' },
      { key: 'SINGLE', value: 'a "b"' },
      { key: 'EMPTY', value: '' },
      { key: 'URL', value: 'https://example.com/?a=b' },
    ]);
  });

  it('leaves plain keys and prose alone', () => {
    expect(parseEnvText('API_URL')).toBeNull();
    expect(parseEnvText('not an env = file')).toBeNull();
    expect(parseEnvText('FOO=1 and more')).toBeNull();
    expect(parseEnvText('1BAD=x')).toBeNull();
  });
});
