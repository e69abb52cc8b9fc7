/**
 * Geometry of one editor page: the affine matrix from PDF user space (points,
 * y up) to CSS pixels of the shown page (y down), the same as pdf.js'
 * `PageViewport.transform`, so the annotation layer lines up with the canvas.
 */

/** `[a, b, c, d, e, f]`: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [number, number, number, number, number, number];

/** A page's box in PDF points `[x0, y0, x1, y1]` (pdf.js `page.view`). */
export type ViewBox = readonly [number, number, number, number];

export interface PageViewport {
  /** CSS pixels. */
  width: number;
  height: number;
  transform: Matrix;
}

/** Degrees normalised to 0, 90, 180 or 270. */
export function normaliseRotation(degrees: number): 0 | 90 | 180 | 270 {
  const value = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return value as 0 | 90 | 180 | 270;
}

/** The viewport of a page of box `view` at `scale` (CSS px per point) turned clockwise by `rotation` degrees (pdf.js semantics). */
export function pageViewport(view: ViewBox, scale: number, rotation: number): PageViewport {
  const [x0, y0, x1, y1] = view;
  const centerX = (x0 + x1) / 2;
  const centerY = (y0 + y1) / 2;
  let [a, b, c, d] = [1, 0, 0, -1];
  switch (normaliseRotation(rotation)) {
    case 90:
      [a, b, c, d] = [0, 1, 1, 0];
      break;
    case 180:
      [a, b, c, d] = [-1, 0, 0, 1];
      break;
    case 270:
      [a, b, c, d] = [0, -1, -1, 0];
      break;
    default:
      break;
  }
  const sideways = a === 0;
  const offsetX = (sideways ? Math.abs(centerY - y0) : Math.abs(centerX - x0)) * scale;
  const offsetY = (sideways ? Math.abs(centerX - x0) : Math.abs(centerY - y0)) * scale;
  const width = (sideways ? y1 - y0 : x1 - x0) * scale;
  const height = (sideways ? x1 - x0 : y1 - y0) * scale;
  return {
    width,
    height,
    transform: [
      a * scale,
      b * scale,
      c * scale,
      d * scale,
      offsetX - a * scale * centerX - c * scale * centerY,
      offsetY - b * scale * centerX - d * scale * centerY,
    ],
  };
}

/** `point` through `matrix`. */
export function apply(matrix: Matrix, [x, y]: readonly [number, number]): [number, number] {
  const [a, b, c, d, e, f] = matrix;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** The inverse of an invertible affine matrix. */
export function invert(matrix: Matrix): Matrix {
  const [a, b, c, d, e, f] = matrix;
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/** `first` then `second` (the matrix of applying `first`, then `second`). */
export function compose(first: Matrix, second: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = first;
  const [a2, b2, c2, d2, e2, f2] = second;
  return [a2 * a1 + c2 * b1, b2 * a1 + d2 * b1, a2 * c1 + c2 * d1, b2 * c1 + d2 * d1, a2 * e1 + c2 * f1 + e2, b2 * e1 + d2 * f1 + f2];
}
