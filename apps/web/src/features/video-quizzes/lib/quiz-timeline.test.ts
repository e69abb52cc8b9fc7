import { describe, expect, it } from 'vitest';
import { formatSeconds, markerPercent, seekLimit, subjectToStopAt } from './quiz-timeline';

const answered = { answer: true, score: 1, correct: true, answered_at: '2026-01-01T00:00:00.000Z' };
const subjects = [
  { id: 3, type: 'true_or_false' as const, at_seconds: 30, my_answer: null },
  { id: 1, type: 'description' as const, at_seconds: 5, my_answer: null },
  { id: 2, type: 'single_selection' as const, at_seconds: 10, my_answer: answered },
];

describe('video quiz timeline (issue 15 §6)', () => {
  it('stops at the earliest unanswered subject reached, and once at a description', () => {
    expect(subjectToStopAt(subjects, 4.9, new Set())).toBeNull();
    expect(subjectToStopAt(subjects, 5, new Set())?.id).toBe(1);
    expect(subjectToStopAt(subjects, 12, new Set([1]))).toBeNull(); // subject 2 is answered
    expect(subjectToStopAt(subjects, 29.97, new Set([1]))?.id).toBe(3); // within the reach tolerance
    expect(subjectToStopAt(subjects, 45, new Set())?.id).toBe(3); // a blocking subject comes before an unseen description
  });

  it('lets a learner seek up to the earliest unanswered subject only', () => {
    expect(seekLimit(subjects)).toBe(30);
    expect(seekLimit([subjects[1]!, subjects[2]!])).toBe(Number.POSITIVE_INFINITY);
  });

  it('formats seconds and places markers', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(75.9)).toBe('1:15');
    expect(formatSeconds(3725)).toBe('1:02:05');
    expect(markerPercent(15, 60)).toBe(25);
    expect(markerPercent(90, 60)).toBe(100);
    expect(markerPercent(5, 0)).toBeNull();
  });
});
