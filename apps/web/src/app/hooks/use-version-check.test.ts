import { describe, expect, it } from 'vitest';
import { isNewVersionAvailable } from './use-version-check';

describe('isNewVersionAvailable (spec §4 version check)', () => {
  it('warns when the server answers another build', () => {
    expect(isNewVersionAvailable('0.1.0-abc', { version: '0.1.0-def' })).toBe(true);
  });
  it('stays quiet for the same build', () => {
    expect(isNewVersionAvailable('0.1.0-abc', { version: '0.1.0-abc' })).toBe(false);
    expect(isNewVersionAvailable('0.1.0-abc', { version: ' 0.1.0-abc\n' })).toBe(false);
  });
  it('stays quiet for answers without a usable version', () => {
    for (const answer of [null, undefined, 'text', {}, { version: '' }, { version: 3 }]) {
      expect(isNewVersionAvailable('0.1.0-abc', answer)).toBe(false);
    }
  });
});
