import { roundPoints } from './grading.js';

/**
 * Item analysis of an exam (issue 15 §4, the score list's per-subject statistics), in the
 * terms of classical test theory as Moodle's quiz statistics report uses them:
 *
 * - facility (difficulty) index: the mean score of the subject over its points, 0..1
 *   (1: everyone got it right);
 * - discrimination index: Pearson's correlation between the subject's score and the rest of
 *   the test (the attempt's total minus this subject), −1..1; null when either does not vary.
 *
 * Input: one row per finished attempt with the counted score of each subject (null: not yet
 * graded, left out of that subject's figures). Pure; scores in points.
 */

export interface AttemptScores {
  /** subject id → points (null while the team has not graded it). */
  scores: ReadonlyMap<number, number | null>;
}
export interface SubjectFigures {
  subjectId: number;
  /** Attempts with a score for this subject. */
  graded: number;
  meanScore: number | null;
  facility: number | null;
  discrimination: number | null;
}

function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Facility and discrimination of each subject (`subjects`: id and points) over the attempts. */
export function itemAnalysis(subjects: readonly { id: number; score: number }[], attempts: readonly AttemptScores[]): SubjectFigures[] {
  const totals = attempts.map((a) => [...a.scores.values()].reduce<number>((sum, s) => sum + (s ?? 0), 0));
  return subjects.map((subject) => {
    const xs: number[] = [];
    const rest: number[] = [];
    attempts.forEach((a, i) => {
      const s = a.scores.get(subject.id);
      if (s === null || s === undefined) return;
      xs.push(s);
      rest.push(totals[i]! - s);
    });
    const mean = xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
    const r = pearson(xs, rest);
    return {
      subjectId: subject.id,
      graded: xs.length,
      meanScore: mean === null ? null : roundPoints(mean),
      facility: mean === null || subject.score <= 0 ? null : Math.round((mean / subject.score) * 1000) / 1000,
      discrimination: r === null ? null : Math.round(r * 1000) / 1000,
    };
  });
}

/** Mean and median of the attempts' scores (points), null without any. */
export function summary(scores: readonly number[]): { mean: number | null; median: number | null } {
  if (scores.length === 0) return { mean: null, median: null };
  const sorted = [...scores].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { mean: roundPoints(scores.reduce((a, b) => a + b, 0) / scores.length), median: roundPoints(median) };
}
