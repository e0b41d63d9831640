// The password rule of sign-up, password change and reset: 8 to 256 characters, and not easy to
// guess. "Easy to guess" is zxcvbn's estimate (the @zxcvbn-ts port, with its common-password and
// keyboard-pattern lists): a score below 3 means fewer than about 10^8 guesses, which rejects
// `password`, `12345678`, repeats like eight spaces, keyboard walks and the person's own e-mail.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { DomainError } from './errors';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** Throws a `bad_request` naming what to change; `related` are words an attacker would try first (e-mail, name). */
export function checkPassword(password: string, related: (string | null | undefined)[] = []): void {
  if (password.length < PASSWORD_MIN)
    throw new DomainError('bad_request', `Use a password of at least ${PASSWORD_MIN} characters.`);
  if (password.length > PASSWORD_MAX)
    throw new DomainError('bad_request', `Use a password of at most ${PASSWORD_MAX} characters.`);
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const words = related.flatMap((w) =>
    w
      ? w
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter((p) => p.length > 2)
      : [],
  );
  if (estimator.check(password, [...related.filter((w): w is string => !!w), ...words]).score < MIN_SCORE)
    throw new DomainError(
      'weak_password',
      'This password is too easy to guess: it is common, a pattern or a repeat, or close to your e-mail. Use a few unrelated words or a password manager.',
    );
}
