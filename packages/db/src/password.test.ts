// The password rule shared by sign-up, change and reset.
import { describe, expect, it } from 'vitest';
import { checkPassword } from './password';

describe('checkPassword', () => {
  it.each([
    ['password', 'weak_password'],
    ['12345678', 'weak_password'],
    ['        ', 'weak_password'],
    ['qwertyuiop', 'weak_password'],
    ['passwordpassword', 'weak_password'],
    ['ada.lovelace@example.com', 'weak_password'],
    ['short', 'bad_request'],
    ['x'.repeat(257), 'bad_request'],
  ])('rejects %j (%s)', (password, code) => {
    expect(() => checkPassword(password, ['ada.lovelace@example.com', 'Ada Lovelace'])).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it.each(['correct horse battery', 'sturdy maple lantern', 'Tr0ub4dor&3x'])('accepts %j', (password) => {
    expect(() => checkPassword(password, ['ada.lovelace@example.com'])).not.toThrow();
  });

  it('says what to do instead', () => {
    expect(() => checkPassword('password')).toThrow(/too easy to guess.*Use a few unrelated words/);
  });
});
