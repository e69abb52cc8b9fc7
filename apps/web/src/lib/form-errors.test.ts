import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { mapFieldErrors } from './form-errors';

describe('mapFieldErrors', () => {
  it('puts field errors of known fields on the form', () => {
    const error = new ApiError(400, { code: 'VALIDATION_FAILED', message: 'Check the form', errors: { course_code: ['course_code is taken'], other: ['x'] } });
    expect(mapFieldErrors(error, ['name', 'course_code'])).toEqual({
      fieldErrors: [{ name: 'course_code', errors: ['course_code is taken'] }],
      formError: null,
    });
  });
  it('answers the server message when no known field is named', () => {
    const error = new ApiError(403, { code: 'FORBIDDEN', message: 'Instructors only' });
    expect(mapFieldErrors(error, ['name'])).toEqual({ fieldErrors: [], formError: 'Instructors only' });
  });
  it('answers no message for errors without one', () => {
    expect(mapFieldErrors(new ApiError(0, {}), ['name']).formError).toBeNull();
    expect(mapFieldErrors(new Error('boom'), ['name']).formError).toBeNull();
  });
});
