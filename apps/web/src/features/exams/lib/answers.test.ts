import { describe, expect, it } from 'vitest';
import { isAnswered, questionNumbersOf } from './answers';

describe('answered or not (the map and the submit confirmation)', () => {
  it('asks every blank and every prompt to be filled', () => {
    expect(isAnswered({ type: 'fill_in_blank', blank_count: 2 }, ['Paris', ''])).toBe(false);
    expect(isAnswered({ type: 'fill_in_blank', blank_count: 2 }, ['Paris', 'Rome'])).toBe(true);
    const prompts = [
      { id: 'a', prompt: 'A' },
      { id: 'b', prompt: 'B' },
    ];
    expect(isAnswered({ type: 'matching', prompts }, { a: 'c1' })).toBe(false);
    expect(isAnswered({ type: 'matching', prompts }, { a: 'c1', b: 'c2' })).toBe(true);
  });

  it('counts false as an answer and empty text, an empty essay or no option as none', () => {
    expect(isAnswered({ type: 'true_or_false' }, false)).toBe(true);
    expect(isAnswered({ type: 'short_answer' }, '   ')).toBe(false);
    expect(isAnswered({ type: 'essay' }, '<p></p>')).toBe(false);
    expect(isAnswered({ type: 'essay' }, '<p>Because</p>')).toBe(true);
    expect(isAnswered({ type: 'multiple_selection' }, [])).toBe(false);
    expect(isAnswered({ type: 'single_selection' }, null)).toBe(false);
  });

  it('numbers the questions, leaving descriptions out', () => {
    const numbers = questionNumbersOf([
      { id: 5, type: 'description' },
      { id: 6, type: 'essay' },
      { id: 7, type: 'description' },
      { id: 8, type: 'numerical' },
    ]);
    expect([...numbers]).toEqual([
      [6, 1],
      [8, 2],
    ]);
  });
});
