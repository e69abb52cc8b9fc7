/**
 * Viewed time ranges of a media element (spec §3 Activity read record: ranges
 * of viewed time), in seconds. Pure arithmetic, shared by the player's batcher.
 */

/** A closed interval [start, end] of seconds, start ≤ end. */
export type TimeRange = [number, number];

/** Sorts and merges overlapping or touching ranges (within `gap` seconds); drops empty ones. */
export function mergeRanges(ranges: readonly TimeRange[], gap = 0.5): TimeRange[] {
  const sorted = ranges
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .map(([s, e]) => [s, e] as TimeRange)
    .sort((a, b) => a[0] - b[0]);
  const out: TimeRange[] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && range[0] <= last[1] + gap) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}

/** The parts of [0, duration] not covered by `viewed` (spec §3 unplayed segments). */
export function unplayedSegments(viewed: readonly TimeRange[], duration: number): TimeRange[] {
  if (!(duration > 0)) return [];
  const merged = mergeRanges(viewed);
  const out: TimeRange[] = [];
  let cursor = 0;
  for (const [s, e] of merged) {
    if (s > cursor) out.push([cursor, Math.min(s, duration)]);
    cursor = Math.max(cursor, e);
  }
  if (cursor < duration) out.push([cursor, duration]);
  return out.filter(([s, e]) => e - s >= 0.5);
}

/** Rounds a range to tenths of a second, the precision we report. */
export function roundRange([s, e]: TimeRange): TimeRange {
  return [Math.round(s * 10) / 10, Math.round(e * 10) / 10];
}

/**
 * Spec §4 refuse-forward-seeking: a seek to `target` is allowed when seeking is
 * free, or when it does not go beyond the furthest position already played
 * (`maxPlayed`, with `tolerance` seconds for timer granularity).
 */
export function isSeekAllowed(target: number, maxPlayed: number, isSeekable: boolean, tolerance = 1): boolean {
  return isSeekable || target <= maxPlayed + tolerance;
}

/**
 * Collects the ranges a player plays between reports: `tick(time)` on every
 * timeupdate extends the open range while playback is continuous (a jump of more
 * than `maxStep` seconds closes it), `take()` answers and clears what is pending.
 */
export class RangeRecorder {
  private pending: TimeRange[] = [];
  private open: TimeRange | null = null;
  constructor(private readonly maxStep = 2) {}

  /** Records the playhead at `time` seconds during playback. */
  tick(time: number): void {
    if (!Number.isFinite(time)) return;
    if (this.open && time >= this.open[1] && time - this.open[1] <= this.maxStep) {
      this.open[1] = time;
      return;
    }
    this.close();
    this.open = [time, time];
  }

  /** Ends the open range (pause, seek, end). */
  close(): void {
    if (this.open && this.open[1] > this.open[0]) this.pending.push(this.open);
    this.open = null;
  }

  /** The ranges recorded since the last take, merged and rounded; the open range continues from its end. */
  take(): TimeRange[] {
    const open = this.open;
    if (open && open[1] > open[0]) this.pending.push([open[0], open[1]]);
    if (open) this.open = [open[1], open[1]];
    const out = mergeRanges(this.pending).map(roundRange);
    this.pending = [];
    return out;
  }
}
