import type { Annotation, TextAnnotation } from '@atrium/contracts';

/** Line height of text annotations, in font sizes (the server draws the same). */
export const TEXT_LINE_HEIGHT = 1.25;

function distanceToSegment([px, py]: readonly [number, number], [ax, ay]: readonly [number, number], [bx, by]: readonly [number, number]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Rough width of one character in font sizes: wide for CJK and other full-width scripts. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x2e80 ? 1 : 0.56;
}

/** The box a text annotation covers, in PDF points: `[x0, y0, x1, y1]`. */
export function textBox(annotation: Pick<TextAnnotation, 'x' | 'y' | 'text' | 'size'>): [number, number, number, number] {
  const lines = annotation.text.split('\n');
  const widest = Math.max(...lines.map((line) => Array.from(line).reduce((sum, char) => sum + charWidth(char), 0)));
  return [
    annotation.x,
    annotation.y - (lines.length - 1) * TEXT_LINE_HEIGHT * annotation.size - 0.25 * annotation.size,
    annotation.x + widest * annotation.size,
    annotation.y + annotation.size,
  ];
}

/** `point` turned clockwise by `degrees` about `center` (undoes the counter-clockwise turn of upright text and stamps). */
function unturn([px, py]: readonly [number, number], [cx, cy]: readonly [number, number], degrees: number): [number, number] {
  const angle = (degrees * Math.PI) / 180;
  const [dx, dy] = [px - cx, py - cy];
  return [cx + dx * Math.cos(angle) + dy * Math.sin(angle), cy - dx * Math.sin(angle) + dy * Math.cos(angle)];
}

/**
 * True when `point` (PDF points) is on `annotation`, within `tolerance` points.
 * `rotation` is the page's shown rotation: text and stamps are turned by it about their anchor (upright as seen).
 */
export function hitsAnnotation(annotation: Annotation, point: readonly [number, number], tolerance: number, rotation = 0): boolean {
  switch (annotation.type) {
    case 'pen':
    case 'highlighter': {
      const reach = annotation.width / 2 + tolerance;
      for (let i = 1; i < annotation.points.length; i += 1) {
        if (distanceToSegment(point, annotation.points[i - 1]!, annotation.points[i]!) <= reach) return true;
      }
      return false;
    }
    case 'text': {
      const [x0, y0, x1, y1] = textBox(annotation);
      point = unturn(point, [annotation.x, annotation.y], rotation);
      return point[0] >= x0 - tolerance && point[0] <= x1 + tolerance && point[1] >= y0 - tolerance && point[1] <= y1 + tolerance;
    }
    case 'stamp':
      return Math.abs(point[0] - annotation.x) <= annotation.size / 2 + tolerance && Math.abs(point[1] - annotation.y) <= annotation.size / 2 + tolerance;
  }
}

/** The topmost annotation of `page` under `point`, or undefined (`rotation`: the page's shown rotation). */
export function annotationAt(
  annotations: readonly Annotation[],
  page: number,
  point: readonly [number, number],
  tolerance: number,
  rotation = 0,
): Annotation | undefined {
  for (let i = annotations.length - 1; i >= 0; i -= 1) {
    const annotation = annotations[i]!;
    if (annotation.page === page && hitsAnnotation(annotation, point, tolerance, rotation)) return annotation;
  }
  return undefined;
}

/** Drops points closer than `minDistance` to the previous kept one (the last point is always kept); at most `max` points. */
export function simplifyStroke(points: readonly (readonly [number, number])[], minDistance: number, max = 5000): [number, number][] {
  const kept: [number, number][] = [];
  for (const [x, y] of points) {
    const last = kept[kept.length - 1];
    if (!last || Math.hypot(x - last[0], y - last[1]) >= minDistance) kept.push([x, y]);
  }
  const end = points[points.length - 1];
  const lastKept = kept[kept.length - 1];
  if (end && lastKept && (end[0] !== lastKept[0] || end[1] !== lastKept[1])) kept.push([end[0], end[1]]);
  if (kept.length === 1) kept.push([kept[0]![0], kept[0]![1]]);
  return kept.length > max ? kept.filter((_, index) => index % Math.ceil(kept.length / max) === 0).slice(0, max) : kept;
}

/** Points rounded to 0.01 pt (what is sent). */
export function roundPoint([x, y]: readonly [number, number]): [number, number] {
  return [Math.round(x * 100) / 100, Math.round(y * 100) / 100];
}
