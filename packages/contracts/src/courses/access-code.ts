/**
 * Access code rule of spec §5 and §9: 7 or more characters, each a digit or an
 * uppercase letter A-Z. Used by the join popup before calling the server, and
 * by the server on every code it reads or makes.
 */
export const ACCESS_CODE_MIN_LENGTH = 7;

const ACCESS_CODE_PATTERN = /^[0-9A-Z]{7,}$/;

/** True when `code` is a well-formed access code (spec §5). */
export function isValidAccessCode(code: string): boolean {
  return ACCESS_CODE_PATTERN.test(code);
}

/** Alphabet of generated access codes: digits and A-Z (spec §9). */
export const ACCESS_CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Length of access codes the server generates; long enough to resist guessing (36^8 ≈ 2.8e12). */
export const GENERATED_ACCESS_CODE_LENGTH = 8;
