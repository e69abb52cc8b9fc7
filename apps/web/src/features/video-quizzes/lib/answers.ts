import type { AnswerValue, AttemptSubject, VideoQuizLearnerSubject } from '@atrium/contracts';

/** True when `value` is an answer worth sending for `subject` (something chosen or written; one filled blank is enough). */
export function hasAnswer(subject: Pick<VideoQuizLearnerSubject, 'type'>, value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return subject.type === 'fill_in_blank' ? value.some((v) => v.trim() !== '') : value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** A video quiz subject in the exam attempt shape the exams' answer input takes (a video quiz subject has no media of its own). */
export function asAttemptSubject(subject: VideoQuizLearnerSubject): AttemptSubject {
  const { at_seconds: _at, my_answer: _mine, ...attempt } = subject;
  return { ...attempt, upload_ids: [], play_limit: false, play_limit_times: 0 };
}
