import { describe, expect, it } from 'vitest';
import type { QuestionnaireSubject } from '@atrium/contracts';
import { answerFieldOf, answerProblem, responseBodyOf } from './answers';
import { subjectFieldOf } from './subject-form';

const matrix: QuestionnaireSubject = {
  id: 6,
  type: 'matrix',
  description: '',
  is_required: true,
  sort: 1,
  rows: [
    { id: 'r1', content: 'A' },
    { id: 'r2', content: 'B' },
  ],
  columns: [{ id: 'c1', content: 'X' }],
};
const text: QuestionnaireSubject = { id: 3, type: 'text', description: '', is_required: true, sort: 2, multiline: false };

describe('questionnaire answers', () => {
  it('a required matrix needs a column in every row; a required text needs more than blanks', () => {
    expect(answerProblem(matrix, undefined)).toBe('required');
    expect(answerProblem(matrix, { r1: 'c1' })).toBe('matrixRows');
    expect(answerProblem(matrix, { r1: 'c1', r2: 'c1' })).toBeNull();
    expect(answerProblem(text, '  ')).toBe('required');
    expect(answerProblem({ ...text, is_required: false }, '')).toBeNull();
  });

  it('leaves unanswered subjects out and maps the server’s answers[i] back to the subject sent at i', () => {
    const body = responseBodyOf([text, matrix], { answers: { s3: '   ', s6: { r1: 'c1' } } });
    expect(body).toEqual({ answers: [{ subject_id: 6, answer: { r1: 'c1' } }] });
    const nameOf = answerFieldOf(body);
    expect(nameOf('answers[0].answer')).toEqual(['answers', 's6']);
    expect(nameOf('answers.0.answer')).toEqual(['answers', 's6']);
    expect(nameOf('answers[1].answer')).toBeNull();
    expect(nameOf('answers')).toBeNull();
  });

  it('puts subject-form errors on their fields', () => {
    expect(subjectFieldOf('options')).toEqual(['options']);
    expect(subjectFieldOf('rows.1')).toEqual(['rows', 1]);
    expect(subjectFieldOf('columns[0]')).toEqual(['columns', 0]);
    expect(subjectFieldOf('max')).toBe('max');
    expect(subjectFieldOf('type')).toBeNull();
  });
});
