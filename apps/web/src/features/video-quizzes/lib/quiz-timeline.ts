import type { VideoQuizLearnerSubject } from '@atrium/contracts';

/**
 * Where a learner's playback must stop for a video quiz (issue 15 §6). Seconds from the start of
 * the video. A subject blocks until it is answered; a description (no answer) stops playback once
 * per viewing (`seen`) and never blocks seeking.
 */

/** How far past a subject's second playback may run before it counts as reached (timeupdate fires about 4 times a second). */
export const REACH_TOLERANCE_SECONDS = 0.05;

type TimelineSubject = Pick<VideoQuizLearnerSubject, 'id' | 'type' | 'at_seconds' | 'my_answer'>;

/** True while the subject still waits for the learner's answer (a description never does). */
export function isBlocking(subject: TimelineSubject): boolean {
  return subject.type !== 'description' && subject.my_answer === null;
}

/**
 * The subject to stop at when playback is at `seconds`: the earliest blocking subject whose second
 * has been reached, else the earliest description reached and not yet `seen`; null when none.
 */
export function subjectToStopAt(subjects: readonly TimelineSubject[], seconds: number, seen: ReadonlySet<number>): TimelineSubject | null {
  const reached = [...subjects].sort((a, b) => a.at_seconds - b.at_seconds).filter((s) => s.at_seconds <= seconds + REACH_TOLERANCE_SECONDS);
  return reached.find(isBlocking) ?? reached.find((s) => s.type === 'description' && !seen.has(s.id)) ?? null;
}

/** The furthest second a learner may seek to: the second of the earliest blocking subject, or Infinity when every subject is answered. */
export function seekLimit(subjects: readonly TimelineSubject[]): number {
  return subjects.filter(isBlocking).reduce((limit, s) => Math.min(limit, s.at_seconds), Number.POSITIVE_INFINITY);
}

/** `seconds` as m:ss (or h:mm:ss), decimals dropped. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Where a marker for `seconds` sits on a progress bar of a `duration`-second video: a percentage 0..100, or null while the duration is unknown. */
export function markerPercent(seconds: number, duration: number): number | null {
  if (!(duration > 0)) return null;
  return Math.min(100, Math.max(0, (seconds / duration) * 100));
}
