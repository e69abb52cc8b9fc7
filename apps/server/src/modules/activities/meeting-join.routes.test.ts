import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { contentWorld, type ContentWorld } from '../../../test/helpers/content-world.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const JOIN = 'https://zoom.us/j/1234567890';
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('GET /api/activities/{id}: a meeting’s join URL reaches a learner only inside its time window (spec §2; decision 0070)', () => {
  let w: ContentWorld;
  let meetingId: number;
  const setWindow = (start: string | null, end: string | null) =>
    w.ok('PUT', `/api/activities/${meetingId}`, { data: { provider: 'Zoom', join_url: JOIN, meeting_start_time: start, meeting_end_time: end } });
  const dataFor = async (who: 'student' | 'instructor' | 'assistant' | 'admin') => {
    const res = await w.call('GET', `/api/activities/${meetingId}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>;
  };

  beforeAll(async () => {
    w = await contentWorld(t);
    const mod = await w.moduleWith('Live', 0);
    meetingId = (
      await w.ok('POST', `/api/courses/${w.course.id}/activities`, {
        module_id: mod.id,
        type: 'zoom',
        title: 'Office hour',
        data: { provider: 'Zoom', join_url: JOIN },
      })
    ).id;
    await w.ok('PUT', `/api/activities/${meetingId}/publish`, { published: true });
  });

  it('before the start: the learner gets no join_url, join_withheld not_started and join_available_from; the team gets the URL', async () => {
    const start = at(HOUR);
    await setWindow(start, at(2 * HOUR));
    expect(await dataFor('student')).toMatchObject({
      provider: 'Zoom',
      join_url: null,
      join_withheld: 'not_started',
      join_available_from: new Date(start).toISOString(),
      meeting_start_time: start,
    });
    for (const who of ['instructor', 'assistant', 'admin'] as const) {
      const data = await dataFor(who);
      expect(data.join_url).toBe(JOIN);
      expect(data).not.toHaveProperty('join_withheld');
    }
  });

  it('inside the window (or with no times): the learner gets the URL', async () => {
    await setWindow(at(-HOUR), at(HOUR));
    const inside = await dataFor('student');
    expect(inside.join_url).toBe(JOIN);
    expect(inside).not.toHaveProperty('join_withheld');
    await setWindow(null, null);
    expect((await dataFor('student')).join_url).toBe(JOIN);
  });

  it('after the end: no join_url, join_withheld ended', async () => {
    await setWindow(at(-2 * HOUR), at(-HOUR));
    const data = await dataFor('student');
    expect(data).toMatchObject({ join_url: null, join_withheld: 'ended' });
    expect(data).not.toHaveProperty('join_available_from');
  });

  it('the team previewing as a student is withheld the URL like a student', async () => {
    await setWindow(at(HOUR), null);
    expect((await w.call('PUT', `/api/courses/${w.course.id}/preview`, 'instructor', { as: 'student' })).statusCode).toBe(200);
    expect(await dataFor('instructor')).toMatchObject({ join_url: null, join_withheld: 'not_started' });
    expect((await w.call('DELETE', `/api/courses/${w.course.id}/preview`, 'instructor')).statusCode).toBe(200);
    expect((await dataFor('instructor')).join_url).toBe(JOIN);
  });
});
