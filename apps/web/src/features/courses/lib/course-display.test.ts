import { describe, expect, it } from 'vitest';
import { canCreateCourse, canTeach, courseTerm, courseTitle } from './course-display';
import { readPaging } from './paging';
import { courseSectionOf } from '../components/course-header';

describe('course display rules', () => {
  it('titles a course by display_name when set', () => {
    expect(courseTitle({ name: 'Linear Algebra', display_name: 'LA (Autumn)' })).toBe('LA (Autumn)');
    expect(courseTitle({ name: 'Linear Algebra', display_name: '  ' })).toBe('Linear Algebra');
  });
  it('joins the term names that are set', () => {
    expect(courseTerm({ academic_year: { name: '2025-2026' }, semester: { name: 'Spring' } })).toBe('2025-2026 · Spring');
    expect(courseTerm({ academic_year: null, semester: { name: 'Spring' } })).toBe('Spring');
    expect(courseTerm({ academic_year: null, semester: null })).toBe('');
  });
  it('lets instructors and assistants teach, not students', () => {
    expect(canTeach({ my_roles: ['instructor'] })).toBe(true);
    expect(canTeach({ my_roles: ['instructor_assistant'] })).toBe(true);
    expect(canTeach({ my_roles: ['student'] })).toBe(false);
    expect(canTeach({ my_roles: [] })).toBe(false);
  });
  it('lets instructors (0) and admins (2) create courses', () => {
    expect(canCreateCourse({ role: 0 })).toBe(true);
    expect(canCreateCourse({ role: 2 })).toBe(true);
    expect(canCreateCourse({ role: 1 })).toBe(false);
    expect(canCreateCourse({ role: 3 })).toBe(false);
    expect(canCreateCourse(undefined)).toBe(false);
  });
});

describe('readPaging', () => {
  it('reads page and page size, keeping page sizes to spec §9 options', () => {
    expect(readPaging(new URLSearchParams('page=3&page_size=50'))).toEqual({ page: 3, pageSize: 50 });
    expect(readPaging(new URLSearchParams('page=0&page_size=7'))).toEqual({ page: 1, pageSize: 10 });
    expect(readPaging(new URLSearchParams(''))).toEqual({ page: 1, pageSize: 10 });
  });
});

describe('courseSectionOf', () => {
  it('finds the course sub-page of a path', () => {
    expect(courseSectionOf('/course/5', 5)).toBe('');
    expect(courseSectionOf('/course/5/', 5)).toBe('');
    expect(courseSectionOf('/course/5/outline', 5)).toBe('outline');
    expect(courseSectionOf('/course/5/unknown', 5)).toBe('');
    expect(courseSectionOf('/course/55/forum', 5)).toBe('');
  });
});
