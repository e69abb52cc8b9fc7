import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { mapFieldErrors, showFieldErrors } from './form-errors';

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

describe('showFieldErrors (the one way a form shows a server error)', () => {
  const form = () => {
    const set: { name: unknown; errors: string[] }[][] = [];
    return { set, setFields: (fields: { name: unknown; errors?: string[] }[]) => void set.push(fields.map((f) => ({ name: f.name, errors: f.errors ?? [] }))) };
  };
  const error = new ApiError(400, {
    code: 'VALIDATION_FAILED',
    message: 'Check the form',
    errors: { start_time: ['Starts too late'], title: ['Required'], size: ['Too big'], empty: [] },
  });

  it('puts every field error on the field of the same name, aliases renamed, and sums the failure in its first message', () => {
    const f = form();
    const shown = showFieldErrors(f, error, { aliases: { start_time: 'start' } });
    expect(f.set).toEqual([
      [
        { name: 'start', errors: ['Starts too late'] },
        { name: 'title', errors: ['Required'] },
        { name: 'size', errors: ['Too big'] },
      ],
    ]);
    expect(shown).toMatchObject({ rest: null, summary: 'Starts too late' });
  });

  it('with `fields`, keeps errors the form has no field for in `rest`; with none placed, `rest` is the server message', () => {
    const f = form();
    expect(showFieldErrors(f, error, { fields: ['title'] })).toMatchObject({ fieldErrors: [{ name: 'title', errors: ['Required'] }], rest: 'Starts too late' });
    const g = form();
    const refused = new ApiError(403, { code: 'FORBIDDEN', message: 'Instructors only' });
    expect(showFieldErrors(g, refused, { fields: ['title'] })).toEqual({ fieldErrors: [], rest: 'Instructors only', summary: 'Instructors only' });
    expect(g.set).toEqual([]);
  });

  it('maps nested names through `nameOf`, and answers nothing for what is not an ApiError', () => {
    const f = form();
    showFieldErrors(f, error, { nameOf: (name) => (name === 'title' ? ['data', 'title'] : null) });
    expect(f.set).toEqual([[{ name: ['data', 'title'], errors: ['Required'] }]]);
    expect(showFieldErrors(form(), new Error('network'))).toEqual({ fieldErrors: [], rest: null, summary: null });
  });
});
