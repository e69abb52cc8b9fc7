import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { contentWorld, type ContentWorld } from '../../../test/helpers/content-world.js';
import { findState } from './progress.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('PUT /api/courses/{id}/study-completeness/completion-popup (spec §4: the completion popup once per learner)', () => {
  let w: ContentWorld;
  let activityId: number;
  let other: { id: number; cookie: string };
  const popupUrl = () => `/api/courses/${w.course.id}/study-completeness/completion-popup`;
  const headerUrl = () => `/api/courses/${w.course.id}/study-completeness`;
  const asOther = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: other.cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    w = await contentWorld(t);
    [activityId] = (await w.moduleWith('Week 1', 1)).activityIds as [number];
    const second = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
    await t.factories.enrol(w.course.id, second.id, 'student');
    other = { id: second.id, cookie: await t.factories.login(second.userName) };
  });

  it('is refused below 100 % (409, nothing stored); at 100 % the first read says not seen, after the acknowledgement seen, for this learner only', async () => {
    expect((await w.call('GET', headerUrl(), 'student')).json()).toMatchObject({ study_completeness: 0, completion_popup_seen: false });
    const early = await w.call('PUT', popupUrl(), 'student');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('COMPLETION_NOT_REACHED');
    expect((await findState(t.app.deps.db, w.course.id, w.student.id))?.completionPopupSeenAt ?? null).toBeNull();

    expect((await w.call('POST', `/api/activities/${activityId}/reads`, 'student', {})).json()).toEqual({ is_completed: true, study_completeness: 100 });
    expect((await asOther('POST', `/api/activities/${activityId}/reads`, {})).json()).toEqual({ is_completed: true, study_completeness: 100 });
    expect((await w.call('GET', headerUrl(), 'student')).json()).toMatchObject({ study_completeness: 100, completion_popup_seen: false });

    const ack = await w.call('PUT', popupUrl(), 'student');
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toEqual({ completion_popup_seen: true, completion_popup_seen_at: expect.any(String) });
    expect((await w.call('GET', headerUrl(), 'student')).json()).toMatchObject({ study_completeness: 100, completion_popup_seen: true });
    // Acknowledging again keeps the first time.
    expect((await w.call('PUT', popupUrl(), 'student')).json().completion_popup_seen_at).toBe(ack.json().completion_popup_seen_at);

    // Another learner of the same course still gets their popup.
    expect((await asOther('GET', headerUrl())).json()).toMatchObject({ study_completeness: 100, completion_popup_seen: false });
    expect((await findState(t.app.deps.db, w.course.id, other.id))?.completionPopupSeenAt ?? null).toBeNull();
  });

  it('answers 401 without a session, 403 outside the course, 404 for a missing course', async () => {
    expect((await w.call('PUT', popupUrl(), 'anonymous')).statusCode).toBe(401);
    expect((await w.call('PUT', popupUrl(), 'outsider')).statusCode).toBe(403);
    expect((await w.call('PUT', popupUrl(), 'outsider')).json().code).toBe('FORBIDDEN');
    expect((await w.call('PUT', '/api/courses/999999/study-completeness/completion-popup', 'student')).json().code).toBe('COURSE_NOT_FOUND');
    expect((await findState(t.app.deps.db, w.course.id, w.outsider.id))?.completionPopupSeenAt ?? null).toBeNull();
  });
});
