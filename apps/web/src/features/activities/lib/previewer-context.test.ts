import { describe, expect, it } from 'vitest';
import { previewerContextOf } from './previewer-context';

describe('previewerContextOf', () => {
  const header = { preview_as: null, inspecting: false };
  it('a student: AI only when the course says so, no instructor view, no statistics', () => {
    expect(previewerContextOf({ my_roles: ['student'] }, header)).toEqual({
      hasAiAbility: false,
      isInstructorView: false,
      canSeeStatistics: false,
      canRetryTranscode: false,
    });
    expect(previewerContextOf({ my_roles: ['student'], hasAiAbility: true }, header).hasAiAbility).toBe(true);
    expect(previewerContextOf({ my_roles: ['student'], hasAiAbility: false }, header).hasAiAbility).toBe(false);
  });
  it('instructors and assistants: instructor view and statistics; previewing as a student keeps the instructor view but hides statistics', () => {
    for (const role of ['instructor', 'instructor_assistant'] as const) {
      expect(previewerContextOf({ my_roles: [role] }, header)).toEqual({
        hasAiAbility: false,
        isInstructorView: true,
        canSeeStatistics: true,
        canRetryTranscode: true,
      });
      expect(previewerContextOf({ my_roles: [role] }, { preview_as: 'student', inspecting: false })).toEqual({
        hasAiAbility: false,
        isInstructorView: true,
        canSeeStatistics: false,
        canRetryTranscode: true,
      });
    }
  });
  it('an admin inspecting (simulated instructor) is an instructor view without statistics', () => {
    expect(previewerContextOf({ my_roles: [] }, { preview_as: null, inspecting: true })).toEqual({
      hasAiAbility: false,
      isInstructorView: true,
      canSeeStatistics: false,
      canRetryTranscode: true,
    });
  });
});
