import { describe, expect, it } from 'vitest';
import { formatBytes, parseBytes } from './bytes';

describe('parseBytes', () => {
  it.each([
    ['100mb', 100 * 1024 * 1024],
    ['2gb', 2 * 1024 ** 3],
    ['512kb', 512 * 1024],
    ['1.5 GB', 1.5 * 1024 ** 3],
    ['10b', 10],
    ['1048576', 1048576],
    [' 4MB ', 4 * 1024 * 1024],
    [4096, 4096],
  ])('reads %j as %d bytes', (input, bytes) => {
    expect(parseBytes(input)).toBe(bytes);
  });

  it.each(['', 'mb', '100 megs', '-1mb', '1e6', '2gb extra', 'ten'])('rejects %j', (input) => {
    expect(parseBytes(input)).toBeNaN();
  });

  it('rejects negative and non-finite numbers', () => {
    expect(parseBytes(-1)).toBeNaN();
    expect(parseBytes(Number.POSITIVE_INFINITY)).toBeNaN();
  });
});

describe('formatBytes', () => {
  it.each([
    [10, '10 bytes'],
    [512 * 1024, '512 KB'],
    [100 * 1024 * 1024, '100 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [8 * 1024 * 1024 + 1, '8 MB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
