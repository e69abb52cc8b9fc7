import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { missingTeamPieces } from '../components/team-teaching-popup';
import { accessForbiddenView, inviteFailureKey, isLargeList, publishFailureMessage, shouldShowCompletion } from './header-rules';

describe('course header rules', () => {
  it('publish failure shows the first message of errors.published, else the server message (spec §8)', () => {
    expect(publishFailureMessage(new ApiError(409, { code: 'CANNOT_UNPUBLISH', message: 'whole', errors: { published: ['first', 'second'] } }))).toBe('first');
    expect(publishFailureMessage(new ApiError(500, { code: 'INTERNAL', message: 'oops' }))).toBe('oops');
    expect(publishFailureMessage(new Error('x'))).toBeNull();
  });
  it('access-forbidden popup: title per reason, times in YYYY-MM-DD HH:mm (spec §2, §9)', () => {
    const start = new Date(2026, 8, 1, 8, 5).toISOString();
    expect(accessForbiddenView({ forbidden_reason: 'not_started', start_time: start, end_time: null })).toEqual({
      titleKey: 'forbidden.notStarted',
      time: '2026-09-01 08:05',
    });
    expect(accessForbiddenView({ forbidden_reason: 'ended', start_time: null, end_time: start })).toEqual({
      titleKey: 'forbidden.ended',
      time: '2026-09-01 08:05',
    });
    expect(accessForbiddenView({ forbidden_reason: 'unpublished', start_time: null, end_time: null })).toEqual({
      titleKey: 'forbidden.unpublished',
      time: null,
    });
    expect(accessForbiddenView({ forbidden_reason: null, start_time: null, end_time: null })).toBeNull();
  });
  it('completion popup opens at 100 only once (spec §4)', () => {
    expect(shouldShowCompletion(100, false)).toBe(true);
    expect(shouldShowCompletion(100, true)).toBe(false);
    expect(shouldShowCompletion(99, false)).toBe(false);
  });
  it('invite failure: 404 means cancelled, anything else means the course was deleted (spec §4, §8)', () => {
    expect(inviteFailureKey(new ApiError(404, { code: 'INVITE_NOT_FOUND', message: 'x' }))).toBe('invite.cancelled');
    expect(inviteFailureKey(new ApiError(410, { code: 'COURSE_DELETED', message: 'x' }))).toBe('invite.courseDeleted');
    expect(inviteFailureKey(new ApiError(0, {}))).toBe('invite.courseDeleted');
  });
  it('multi-selects switch to the large-list widget at 8000 options (spec §9)', () => {
    expect(isLargeList(7999)).toBe(false);
    expect(isLargeList(8000)).toBe(true);
  });
  it('team teaching flags each missing piece on its own', () => {
    expect(missingTeamPieces({ userIds: [] })).toEqual({ missingOrg: true, missingDepartment: true, missingUser: true });
    expect(missingTeamPieces({ orgId: 1, userIds: [] })).toEqual({ missingOrg: false, missingDepartment: true, missingUser: true });
    expect(missingTeamPieces({ orgId: 1, departmentId: 2, userIds: [3] })).toEqual({ missingOrg: false, missingDepartment: false, missingUser: false });
  });
});
