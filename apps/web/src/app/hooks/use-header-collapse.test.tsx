import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { HEADER_COLLAPSE_THRESHOLD_PX } from '@atrium/contracts';
import { isHeaderCollapsed, nextHeaderCollapsed, useHeaderCollapse } from './use-header-collapse';

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

describe('nextHeaderCollapsed: hysteresis (issue 20 §13)', () => {
  it('collapses past 60px and expands only below 40px', () => {
    expect(nextHeaderCollapsed(false, 60)).toBe(false);
    expect(nextHeaderCollapsed(false, 61)).toBe(true);
    expect(nextHeaderCollapsed(true, 45)).toBe(true);
    expect(nextHeaderCollapsed(true, 40)).toBe(true);
    expect(nextHeaderCollapsed(true, 39)).toBe(false);
  });

  it('never flips back after the 16px jump that collapsing (64 → 48px) causes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (y) => {
        const afterCollapse = nextHeaderCollapsed(false, y);
        // Scroll anchoring moves the page by the height the header lost (or gained).
        const jumped = afterCollapse ? y - 16 : y;
        return nextHeaderCollapsed(afterCollapse, jumped) === afterCollapse;
      }),
    );
  });
});

describe('useHeaderCollapse', () => {
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
    });
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('does not flicker when the page settles 16px higher right after collapsing', async () => {
    const { result } = renderHook(() => useHeaderCollapse());
    expect(result.current).toBe(false);
    scrollTo(62);
    await waitFor(() => expect(result.current).toBe(true));
    scrollTo(46);
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    expect(result.current).toBe(true);
    scrollTo(30);
    await waitFor(() => expect(result.current).toBe(false));
  });
});
