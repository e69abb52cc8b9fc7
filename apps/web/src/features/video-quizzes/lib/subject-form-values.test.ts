import { describe, expect, it } from 'vitest';
import type { VideoQuizSubject } from '@atrium/contracts';
import { bodyOf, formFieldOf, newSubjectValues, valuesOf } from './subject-form-values';

describe('the video quiz subject form (issue 15 §6)', () => {
  it('sends only the key fields of the chosen type', () => {
    const values = { ...newSubjectValues(12.34), description: '<p>Two [[1]]</p>', score: 2 };
    expect(values.at_seconds).toBe(12.3);
    expect(bodyOf({ ...values, type: 'fill_in_blank', blanks: [{ accepted: ['mice', 'rats'] }] })).toEqual({
      at_seconds: 12.3,
      type: 'fill_in_blank',
      description: '<p>Two [[1]]</p>',
      score: 2,
      case_sensitive: false,
      answers: [['mice', 'rats']],
    });
    expect(bodyOf({ ...values, type: 'true_or_false', answer: 'false' })).toMatchObject({ type: 'true_or_false', answer: false });
    expect(bodyOf({ ...values, type: 'true_or_false', answer: undefined })).not.toHaveProperty('answer');
    expect(bodyOf({ ...values, type: 'short_answer', accepted: [] })).toMatchObject({ answers: [] });
    expect(bodyOf({ ...values, type: 'description' })).toEqual({
      at_seconds: 12.3,
      type: 'description',
      description: '<p>Two [[1]]</p>',
      score: 0,
      case_sensitive: false,
    });
  });

  it('reads a subject back into the form, and puts server field errors on its fields', () => {
    const subject: VideoQuizSubject = {
      id: 4,
      video_quiz_id: 7,
      type: 'multiple_selection',
      description: 'Primes',
      score: 3,
      sort: 0,
      at_seconds: 8,
      options: [
        { id: 'a', content: '2', is_answer: true },
        { id: 'b', content: '4', is_answer: false },
      ],
    };
    expect(valuesOf(subject)).toMatchObject({
      type: 'multiple_selection',
      at_seconds: 8,
      options: [
        { content: '2', is_answer: true },
        { content: '4', is_answer: false },
      ],
    });
    expect(bodyOf(valuesOf(subject))).toMatchObject({
      options: [
        { content: '2', is_answer: true },
        { content: '4', is_answer: false },
      ],
    });
    expect(formFieldOf('answers', 'fill_in_blank')).toBe('blanks');
    expect(formFieldOf('answers', 'short_answer')).toBe('accepted');
    expect(formFieldOf('numerical_answers', 'numerical')).toBe('numerical');
    expect(formFieldOf('at_seconds', 'true_or_false')).toBe('at_seconds');
    expect(formFieldOf('pairs', 'true_or_false')).toBeNull();
  });
});
