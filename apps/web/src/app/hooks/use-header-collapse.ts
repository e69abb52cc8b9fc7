import { useEffect, useState } from 'react';
import { HEADER_COLLAPSE_THRESHOLD_PX } from '@atrium/contracts';

/**
 * How far below the 60px collapse threshold the page must scroll back before the header
 * expands again, in px. Collapsing shrinks the sticky header from 64 to 48px (app-layout.css),
 * and the browser's scroll anchoring moves `scrollY` by those 16px: with one threshold the
 * header collapsed at 61, the page jumped to 45, the header expanded, the page jumped back to
 * 61, and so on (issue 20 §13). The band is wider than that jump.
 */
export const HEADER_EXPAND_BAND_PX = 20;

/** True once the page has scrolled past the 60px header threshold (spec §1, §9): strictly greater than it. What a fresh page starts with. */
export function isHeaderCollapsed(scrollY: number): boolean {
  return scrollY > HEADER_COLLAPSE_THRESHOLD_PX;
}

/**
 * The header's next state at `scrollY`, with hysteresis: an expanded header collapses past
 * 60px; a collapsed one expands only below 40px (60 − HEADER_EXPAND_BAND_PX).
 */
export function nextHeaderCollapsed(collapsed: boolean, scrollY: number): boolean {
  return collapsed ? scrollY >= HEADER_COLLAPSE_THRESHOLD_PX - HEADER_EXPAND_BAND_PX : isHeaderCollapsed(scrollY);
}

/** Tracks `window.scrollY` and answers whether the shared header is collapsed (compact), with hysteresis (`nextHeaderCollapsed`). */
export function useHeaderCollapse(): boolean {
  const [collapsed, setCollapsed] = useState(() => (typeof window === 'undefined' ? false : isHeaderCollapsed(window.scrollY)));
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setCollapsed((previous) => nextHeaderCollapsed(previous, window.scrollY));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);
  return collapsed;
}
