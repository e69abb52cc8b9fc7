import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HEADER_COLLAPSE_THRESHOLD_PX } from '@atrium/contracts';
import { isHeaderCollapsed } from './use-header-collapse';

describe('isHeaderCollapsed (spec §1, §9: 60px threshold)', () => {
  it('stays expanded up to 60px and collapses past it', () => {
    expect(isHeaderCollapsed(0)).toBe(false);
    expect(isHeaderCollapsed(59)).toBe(false);
    expect(isHeaderCollapsed(60)).toBe(false);
    expect(isHeaderCollapsed(61)).toBe(true);
  });

  it('collapses exactly when the scroll offset exceeds the threshold', () => {
    fc.assert(fc.property(fc.double({ min: -1000, max: 100_000, noNaN: true }), (y) => isHeaderCollapsed(y) === y > HEADER_COLLAPSE_THRESHOLD_PX));
  });
});
