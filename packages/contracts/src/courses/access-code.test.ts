import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, isValidAccessCode } from './access-code.js';

const codeChar = fc.constantFrom(...ACCESS_CODE_ALPHABET.split(''));

describe('isValidAccessCode (spec §5: 7+ characters, digits or A-Z)', () => {
  it('accepts the seeded code and typical codes', () => {
    expect(isValidAccessCode('ATRIUM01')).toBe(true);
    expect(isValidAccessCode('1234567')).toBe(true);
  });

  it('refuses short, lower-case, spaced and punctuated codes', () => {
    for (const code of ['', 'ABC1234'.slice(0, 6), 'atrium01', 'ATRIUM 01', 'ATRIUM-01', 'ÄTRIUM01', 'ATRIUM01\n']) {
      expect(isValidAccessCode(code), JSON.stringify(code)).toBe(false);
    }
  });

  it('accepts every string of 7 or more digits and capitals', () => {
    fc.assert(fc.property(fc.array(codeChar, { minLength: 7, maxLength: 40 }), (chars) => isValidAccessCode(chars.join(''))));
  });

  it('refuses every string shorter than 7', () => {
    fc.assert(fc.property(fc.array(codeChar, { maxLength: 6 }), (chars) => !isValidAccessCode(chars.join(''))));
  });

  it('refuses any otherwise valid code with one character outside the alphabet', () => {
    const outside = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !ACCESS_CODE_ALPHABET.includes(c));
    fc.assert(
      fc.property(fc.array(codeChar, { minLength: 7, maxLength: 20 }), outside, fc.nat(), (chars, bad, at) => {
        const copy = [...chars];
        copy.splice(at % (copy.length + 1), 0, bad);
        return !isValidAccessCode(copy.join(''));
      }),
    );
  });
});
