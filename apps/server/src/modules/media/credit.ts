/**
 * Play-progress credit (decision 0030, spec §4 audio/video no forward seeking).
 * Pure functions; seconds throughout.
 */
export type Range = [number, number];

/** Fastest playback rate the player offers; wall-clock seconds × this bounds what can have been played. */
export const MAX_PLAYBACK_RATE = 2;
/** Seconds credited on top of the wall-clock budget (report batching, clock jitter). */
export const CREDIT_SLACK_SECONDS = 5;
/** How far beyond the furthest played position a range may start and still count as continuing play (seconds). */
export const CONTINUATION_TOLERANCE_SECONDS = 1;

/** Sorted, merged ranges (touching or overlapping ones joined), rounded to milliseconds. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges
    .filter(([s, e]) => e > s)
    .map(([s, e]) => [Math.round(s * 1000) / 1000, Math.round(e * 1000) / 1000] as Range)
    .sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** Total length of merged ranges. */
export function coveredSeconds(ranges: readonly Range[]): number {
  return mergeRanges(ranges).reduce((sum, [s, e]) => sum + e - s, 0);
}

/** The parts of [0, duration] not covered by `ranges` (spec §3 unplayed segments). */
export function unplayedSegments(ranges: readonly Range[], duration: number): Range[] {
  const out: Range[] = [];
  let at = 0;
  for (const [s, e] of mergeRanges(ranges)) {
    if (s > at) out.push([at, Math.min(s, duration)]);
    at = Math.max(at, e);
    if (at >= duration) break;
  }
  if (at < duration) out.push([at, duration]);
  return out.filter(([s, e]) => e > s);
}

export interface CreditInput {
  /** What was credited before. */
  viewed: readonly Range[];
  maxPosition: number;
  /** The reported ranges. */
  reported: readonly Range[];
  /** Wall-clock seconds since the previous report (or since the player was opened). */
  elapsedSeconds: number;
  /** Refuse forward seeking: only play continuing from the furthest position is credited. */
  isForwardRefused: boolean;
  /** Seconds of the media when known: nothing beyond it is credited. */
  duration: number | null;
}

/**
 * What a report may add. Every report has a budget of
 * `elapsedSeconds × MAX_PLAYBACK_RATE + CREDIT_SLACK_SECONDS` seconds of new
 * (not yet credited) play. With forward seeking refused, a range counts only
 * when it starts at or before the furthest position reached
 * (+CONTINUATION_TOLERANCE_SECONDS), and the furthest position advances only by
 * what is credited; a range starting beyond it is dropped. Answers the merged
 * viewed ranges and the new furthest position.
 */
export function creditReport(input: CreditInput): { viewed: Range[]; maxPosition: number; credited: number } {
  let budget = Math.max(0, input.elapsedSeconds) * MAX_PLAYBACK_RATE + CREDIT_SLACK_SECONDS;
  let viewed = mergeRanges(input.viewed);
  let maxPosition = input.maxPosition;
  let credited = 0;
  const limit = input.duration ?? Number.POSITIVE_INFINITY;
  for (const [rawStart, rawEnd] of mergeRanges(input.reported)) {
    const start = Math.max(0, rawStart);
    let end = Math.min(rawEnd, limit);
    if (end <= start) continue;
    if (input.isForwardRefused && start > maxPosition + CONTINUATION_TOLERANCE_SECONDS) continue;
    // Seconds of [start, end] not yet credited, walked from the start until the budget is spent.
    let newSeconds = 0;
    let at = start;
    for (const [vs, ve] of [...viewed, [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY] as Range]) {
      if (ve <= at) continue;
      const gapEnd = Math.min(vs, end);
      if (gapEnd > at) {
        const take = Math.min(gapEnd - at, budget - newSeconds);
        newSeconds += take;
        if (take < gapEnd - at) {
          end = at + take;
          break;
        }
      }
      at = Math.max(at, ve);
      if (at >= end) break;
    }
    if (end <= start) continue;
    budget -= newSeconds;
    credited += newSeconds;
    viewed = mergeRanges([...viewed, [start, end]]);
    maxPosition = Math.max(maxPosition, end);
  }
  return { viewed, maxPosition, credited };
}
