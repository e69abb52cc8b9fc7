import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultInviteRole } from '../enrolments/invite-role.js';
import { splitInviteEmails } from './invite-emails.js';

describe('splitInviteEmails (spec §2 invite popup)', () => {
  it('removes whitespace and splits on commas, dropping empties', () => {
    expect(splitInviteEmails(' a@x.edu ,b@x.edu,, \n c @x.edu ')).toEqual(['a@x.edu', 'b@x.edu', 'c@x.edu']);
    expect(splitInviteEmails('a@x.edu，b@x.edu')).toEqual(['a@x.edu', 'b@x.edu']);
    expect(splitInviteEmails('  ')).toEqual([]);
  });
  it('never answers an address with whitespace or a comma in it', () => {
    fc.assert(fc.property(fc.string(), (input) => splitInviteEmails(input).every((e) => e.length > 0 && !/[\s,，]/.test(e))));
  });
});

describe('defaultInviteRole (spec §6)', () => {
  it('prefers student, then instructor_assistant, then instructor', () => {
    expect(defaultInviteRole(['instructor', 'student', 'instructor_assistant'])).toBe('student');
    expect(defaultInviteRole(['instructor', 'instructor_assistant'])).toBe('instructor_assistant');
    expect(defaultInviteRole(['instructor'])).toBe('instructor');
    expect(defaultInviteRole([])).toBe('instructor');
  });
});
