import { describe, expect, it } from 'vitest';
import { inputProblem, MAX_ID } from './input-guards.js';

describe('inputProblem (issue 20 §5)', () => {
  it('names the first NUL character or out-of-range id by its dotted path', () => {
    expect(inputProblem({ a: [{ b: 'x' }, { b: 'y\u0000' }] })).toEqual(['a.1.b', 'must not contain a NUL character']);
    expect(inputProblem({ course_id: MAX_ID + 1 })).toEqual(['course_id', `must be at most ${MAX_ID}`]);
    expect(inputProblem({ courseId: String(MAX_ID + 1) })).toEqual(['courseId', `must be at most ${MAX_ID}`]);
    expect(inputProblem({ upload_ids: [1, 2 ** 40] })).toEqual(['upload_ids', `must be at most ${MAX_ID}`]);
  });

  it('lets through ids in range, large numbers that are not ids, and binary bodies', () => {
    expect(inputProblem({ id: MAX_ID, size: 2 ** 40, valid: 2 ** 40, paid: 2 ** 40 })).toBeNull();
    expect(inputProblem(Buffer.from([0, 1, 2]))).toBeNull();
    expect(inputProblem(new Uint8Array(8))).toBeNull();
  });
});
