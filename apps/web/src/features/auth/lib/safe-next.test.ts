import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('returns same-origin paths with their query and hash', () => {
    expect(safeNextPath('/course/3/content')).toBe('/course/3/content');
    expect(safeNextPath('/course/3/learning-activity#/exam/2')).toBe('/course/3/learning-activity#/exam/2');
    expect(safeNextPath('/user/courses?page=2')).toBe('/user/courses?page=2');
  });

  it('falls back to /user/index for missing, foreign or protocol-relative targets', () => {
    for (const next of [
      null,
      undefined,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'course/3',
      '/login',
      '/login?next=%2F',
    ]) {
      expect(safeNextPath(next)).toBe(DEFAULT_AFTER_LOGIN);
    }
  });
});
