import { describe, expect, it } from 'vitest';
import { redactProperties } from './redact';

describe('redactProperties', () => {
  it('redacts top-level email, ip and phone', () => {
    expect(redactProperties({ email: 'a@b.c', ip: '1.2.3.4', phone: '+1 555', plan: 'pro' })).toEqual({
      email: 'REDACTED',
      ip: 'REDACTED',
      phone: 'REDACTED',
      plan: 'pro',
    });
  });

  it('redacts nested objects and arrays of objects', () => {
    const input = {
      user: { name: 'Ada', email: 'ada@example.com', meta: { ip: '::1' } },
      members: [{ phone: '123', role: 'OWNER' }],
    };
    expect(redactProperties(input)).toEqual({
      user: { name: 'Ada', email: 'REDACTED', meta: { ip: 'REDACTED' } },
      members: [{ phone: 'REDACTED', role: 'OWNER' }],
    });
  });

  it('redacts whole sub-objects stored under a sensitive key and ignores key case', () => {
    expect(redactProperties({ Email: 'x', IP: { v4: '1.1.1.1' } })).toEqual({ Email: 'REDACTED', IP: 'REDACTED' });
  });

  it('redacts even empty or null values so their presence is not leaked either', () => {
    expect(redactProperties({ email: null, phone: '' })).toEqual({ email: 'REDACTED', phone: 'REDACTED' });
  });

  it('leaves similar names, primitives and non-plain objects alone', () => {
    const date = new Date(0);
    expect(redactProperties({ emailVerified: true, zip: '123', date })).toEqual({
      emailVerified: true,
      zip: '123',
      date,
    });
    expect(redactProperties('email')).toBe('email');
    expect(redactProperties(null)).toBeNull();
  });

  it('does not mutate its input', () => {
    const input = { email: 'a@b.c', nested: { ip: '1.2.3.4' } };
    redactProperties(input);
    expect(input).toEqual({ email: 'a@b.c', nested: { ip: '1.2.3.4' } });
  });
});
