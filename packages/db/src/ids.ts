// Prefixed, URL-safe identifiers (`usr_`, `team_`, `prj_` ...) and secrets made of [A-Za-z0-9_] only,
// because the Vercel CLI rejects tokens with any other character.
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomString(length: number, alphabet = ALPHABET): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
  }
  return out.length === length ? out : randomString(length, alphabet);
}

export const newId = (prefix: string) => `${prefix}_${randomString(24)}`;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
