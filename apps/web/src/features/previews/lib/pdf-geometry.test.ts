import { describe, expect, it } from 'vitest';
import { currentPageAt, fitWidthScale, MAX_CANVAS_PIXELS, outputScale } from './pdf-geometry';

describe('outputScale', () => {
  it('uses the device pixel ratio for ordinary pages', () => {
    expect(outputScale({ width: 800, height: 1000 }, 2)).toBe(2);
  });
  it('lowers the ratio so a zoomed page stays under the canvas cap', () => {
    const size = { width: 4000, height: 5000 };
    const ratio = outputScale(size, 2);
    expect(ratio).toBeLessThan(2);
    expect(size.width * ratio * size.height * ratio).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
  });
});

describe('fitWidthScale', () => {
  it('fits the page width into the frame with gutters, between 0.5 and 2', () => {
    expect(fitWidthScale(612, 1000)).toBeCloseTo((1000 - 48) / 612);
    expect(fitWidthScale(612, 200)).toBe(0.5);
    expect(fitWidthScale(100, 3000)).toBe(2);
  });
});

describe('currentPageAt', () => {
  it('names the last page whose top is above a third of the view', () => {
    const tops = [0, 1000, 2000];
    expect(currentPageAt(tops, 0, 900)).toBe(1);
    expect(currentPageAt(tops, 800, 900)).toBe(2);
    expect(currentPageAt(tops, 1900, 900)).toBe(3);
  });
});
