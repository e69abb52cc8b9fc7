import { useEffect, useState } from 'react';
import { HEADER_COLLAPSE_THRESHOLD_PX } from '@atrium/contracts';

/** True once the page has scrolled past the 60px header threshold (spec §1, §9): strictly greater than it. */
export function isHeaderCollapsed(scrollY: number): boolean {
  return scrollY > HEADER_COLLAPSE_THRESHOLD_PX;
}

/** Tracks `window.scrollY` and answers whether the shared header is collapsed (compact). */
export function useHeaderCollapse(): boolean {
  const [collapsed, setCollapsed] = useState(() => (typeof window === 'undefined' ? false : isHeaderCollapsed(window.scrollY)));
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setCollapsed(isHeaderCollapsed(window.scrollY));
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
