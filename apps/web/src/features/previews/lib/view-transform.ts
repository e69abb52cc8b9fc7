/**
 * Zoom and rotation arithmetic of the previewer (spec §9: zoom step 0.2 between
 * 0.2 and 5; rotation step 90°). Zoom values are rounded to hundredths so repeated
 * steps stay exact (1 + 0.2 → 1.2, never 1.2000000000000002).
 */
import { ROTATION_STEP_DEG, ZOOM } from '@atrium/contracts';

/** Zoom and rotation of the previewed file; rotation in degrees, one of 0, 90, 180, 270. */
export interface ViewTransform {
  zoom: number;
  rotation: number;
}

/** The "restore" state: zoom 1, no rotation. */
export const INITIAL_VIEW: ViewTransform = { zoom: 1, rotation: 0 };

/** Rounds a zoom factor to hundredths, removing float noise. */
export function roundZoom(zoom: number): number {
  return Math.round(zoom * 100) / 100;
}

/** Clamps a zoom factor into [ZOOM.min, ZOOM.max] and rounds it; NaN becomes 1. */
export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return INITIAL_VIEW.zoom;
  return roundZoom(Math.min(ZOOM.max, Math.max(ZOOM.min, zoom)));
}

/** One zoom step in (+0.2), at most 5. */
export function zoomIn(zoom: number): number {
  return clampZoom(zoom + ZOOM.step);
}

/** One zoom step out (−0.2), at least 0.2. */
export function zoomOut(zoom: number): number {
  return clampZoom(zoom - ZOOM.step);
}

/** True while another step in is possible. */
export function canZoomIn(zoom: number): boolean {
  return clampZoom(zoom) < ZOOM.max;
}

/** True while another step out is possible. */
export function canZoomOut(zoom: number): boolean {
  return clampZoom(zoom) > ZOOM.min;
}

/** Zoom as a whole percentage for display: 1.2 → 120. */
export function zoomPercent(zoom: number): number {
  return Math.round(clampZoom(zoom) * 100);
}

/** Rotates a quarter turn clockwise, normalised into [0, 360). */
export function rotateClockwise(rotation: number): number {
  return normalizeRotation(rotation + ROTATION_STEP_DEG);
}

/** Any angle in degrees to the equivalent in [0, 360). */
export function normalizeRotation(rotation: number): number {
  return ((rotation % 360) + 360) % 360;
}

/** True when the rotation turns the content sideways, swapping its width and height. */
export function isSideways(rotation: number): boolean {
  return normalizeRotation(rotation) % 180 !== 0;
}
