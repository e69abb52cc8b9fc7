/** Size in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** Largest canvas we draw, in device pixels (pdf.js' own default cap is 2^25). */
export const MAX_CANVAS_PIXELS = 2 ** 24;

/**
 * Device pixels per CSS pixel for a page canvas: the screen's ratio, lowered so
 * the canvas stays under MAX_CANVAS_PIXELS at high zoom.
 */
export function outputScale(size: Size, devicePixelRatio: number): number {
  const ratio = devicePixelRatio > 0 ? devicePixelRatio : 1;
  const area = size.width * size.height;
  if (area <= 0) return ratio;
  return Math.min(ratio, Math.sqrt(MAX_CANVAS_PIXELS / area));
}

/**
 * Base scale that fits a page of `pageWidth` (PDF units at scale 1) into a frame
 * `frameWidth` CSS pixels wide with `gutter` on both sides; between 0.5 and 2.
 */
export function fitWidthScale(pageWidth: number, frameWidth: number, gutter = 24): number {
  if (pageWidth <= 0 || frameWidth <= 0) return 1;
  return Math.min(2, Math.max(0.5, (frameWidth - gutter * 2) / pageWidth));
}

/**
 * The 1-based page shown at the reading line of a scrolled frame: the last page
 * whose top is above `scrollTop + viewportHeight / 3`. `pageTops` are ascending.
 */
export function currentPageAt(pageTops: readonly number[], scrollTop: number, viewportHeight: number): number {
  const line = scrollTop + viewportHeight / 3;
  let current = 1;
  pageTops.forEach((top, index) => {
    if (top <= line) current = index + 1;
  });
  return current;
}
