// Sealing of environment variable values at rest: AES-256-GCM with a key derived by HKDF-SHA-256
// from NIMBUS_SECRET. A sealed value is base64(iv ‖ tag ‖ ciphertext); tampering fails to decrypt.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Cipher } from '@nimbus/db';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createCipher(secret: string): Cipher {
  if (secret.length < 32) throw new Error('NIMBUS_SECRET must be at least 32 characters.');
  const key = Buffer.from(hkdfSync('sha256', secret, 'nimbus', 'env-vars/aes-256-gcm', 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
