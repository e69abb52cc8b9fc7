import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A 128-bit random token, base64url (22 characters): session cookies. */
export function randomToken(): string {
  return randomBytes(16).toString('base64url');
}

/** SHA-256 of a string, hex: how session tokens are stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** `length` characters drawn uniformly (crypto.randomInt) from `alphabet`. */
export function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
