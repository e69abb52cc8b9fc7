import { describe, expect, it } from 'vitest';
import { formValuesOf, subjectBodyOf, subjectFieldOf, subjectFormProblems } from './subject-form';

describe('the subject form', () => {
  it('sends only the fields of the chosen type', () => {
    const values = { ...formValuesOf(null, 'short_answer'), description: '<p>Say hi</p>', score: 2, accepted: [' hello ', '', 'hi'], case_sensitive: true };
    expect(subjectBodyOf(values)).toEqual({ type: 'short_answer', description: '<p>Say hi</p>', score: 2, case_sensitive: true, answers: [['hello', 'hi']] });
    const blank = { ...formValuesOf(null, 'fill_in_blank'), description: '<p>[[1]] and [[2]]</p>', blanks: [['a'], ['b', 'B ']] };
    expect(subjectBodyOf(blank)).toMatchObject({ type: 'fill_in_blank', answers: [['a'], ['b', 'B']] });
    expect(subjectBodyOf(blank)).not.toHaveProperty('options');
    expect(subjectBodyOf({ ...formValuesOf(null, 'description'), score: 5 })).toEqual({
      type: 'description',
      description: '',
      score: 0,
      case_sensitive: false,
    });
  });

  it('puts each server field error on the field it names', () => {
    const single = subjectFieldOf('single_selection');
    expect(single('options.1.content')).toEqual(['options', 1, 'content']);
    expect(single('options')).toBe('options');
    expect(single('score')).toBe('score');
    expect(single('answers')).toBeNull();
    expect(subjectFieldOf('fill_in_blank')('answers.1.0')).toEqual(['blanks', 1]);
    expect(subjectFieldOf('fill_in_blank')('answers')).toBe('blanks');
    expect(subjectFieldOf('short_answer')('answers.0.3')).toBe('accepted');
    expect(subjectFieldOf('matching')('pairs[0].answer')).toEqual(['pairs', 0, 'answer']);
    expect(subjectFieldOf('matching')('distractors.2')).toBe('distractors');
    expect(single('body')).toBeNull();
  });

  it('catches what the server would refuse before sending', () => {
    const options = [
      { content: 'A', is_answer: true },
      { content: 'B', is_answer: true },
    ];
    expect(subjectFormProblems({ ...formValuesOf(null, 'single_selection'), options })).toEqual([{ name: 'options', key: 'form.optionsOneRight' }]);
    expect(subjectFormProblems({ ...formValuesOf(null, 'multiple_selection'), options })).toEqual([]);
    expect(subjectFormProblems({ ...formValuesOf(null, 'fill_in_blank'), description: '<p>[[1]]</p>', blanks: [['a'], ['b']] })).toEqual([
      { name: 'description', key: 'form.blanksUnmarked' },
    ]);
  });
});
