import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventType } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { uploadFile } from '../../../test/helpers/media-world.js';
import { defineHandler, eventBusOf, type DomainEvent, type EventBus } from './events.service.js';

// The catalogue's course and upload events (decision 0081) are emitted by the writes that
// cause them, once per change, and reach an in-process subscriber before the request answers.
let t: TestApp;
let bus: EventBus;

beforeAll(async () => {
  t = await buildTestApp();
  bus = eventBusOf(t.app.deps);
});
afterAll(() => t.close());

async function recording(types: DomainEventType[], body: (seen: DomainEvent[]) => Promise<void>): Promise<void> {
  const seen: DomainEvent[] = [];
  const off = bus.on(defineHandler({ name: `test.${types.join('+')}`, types, handle: async (event) => void seen.push(event) }));
  try {
    await body(seen);
  } finally {
    off();
  }
}

describe('emitted by the writes that cause them', () => {
  it('publishing and unpublishing a course emit course.published / course.unpublished once per change', async () => {
    const w = await t.factories.courseWorld();
    const cookie = await t.factories.login(w.instructor.userName);
    const put = (published: boolean) =>
      t.app.inject({ method: 'PUT', url: `/api/courses/${w.course.id}/publish`, headers: { cookie }, payload: { published } });
    await recording(['course.published', 'course.unpublished'], async (seen) => {
      expect((await put(false)).statusCode).toBe(200);
      expect((await put(false)).statusCode).toBe(200); // no change, no event
      expect((await put(true)).statusCode).toBe(200);
      expect(seen.map((e) => [e.type, e.payload])).toEqual([
        ['course.unpublished', { course_id: w.course.id, actor_id: w.instructor.id }],
        ['course.published', { course_id: w.course.id, actor_id: w.instructor.id }],
      ]);
    });
  });

  it('a processed upload emits upload.ready; a refused one (not a PDF inside) upload.failed with its reason', async () => {
    const w = await t.factories.courseWorld();
    const cookie = await t.factories.login(w.instructor.userName);
    await recording(['upload.ready', 'upload.failed'], async (seen) => {
      const ready = await uploadFile(t, cookie, w.course.id, { name: 'notes.txt', bytes: Buffer.from('plain text\n') });
      const video = await uploadFile(t, cookie, w.course.id, {
        name: 'broken.mp4',
        bytes: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]),
      });
      await expect.poll(() => seen.length, { timeout: 20_000 }).toBe(2);
      expect(ready.status).toBe('ready');
      expect(video.status).toBe('failed');
      expect(seen.find((e) => e.type === 'upload.ready')?.payload).toEqual({ upload_id: ready.id });
      const failed = seen.find((e) => e.type === 'upload.failed');
      expect(failed?.payload).toMatchObject({ upload_id: video.id });
      expect(typeof (failed?.payload as { reason?: unknown }).reason).toBe('string');
    });
  });

  it('enrolling and removing a member emit enrolment.created / enrolment.removed', async () => {
    const w = await t.factories.courseWorld();
    const cookie = await t.factories.login(w.instructor.userName);
    await recording(['enrolment.created', 'enrolment.removed'], async (seen) => {
      const add = await t.app.inject({
        method: 'POST',
        url: `/api/courses/${w.course.id}/enrollments`,
        headers: { cookie },
        payload: { user_ids: [w.outsider.id], role: 'student' },
      });
      expect(add.statusCode).toBe(200);
      expect(seen.map((e) => [e.type, e.payload])).toEqual([['enrolment.created', { course_id: w.course.id, user_id: w.outsider.id, role: 'student' }]]);
      const members = await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}/members?page_size=100`, headers: { cookie } });
      const items = (members.json() as { items: { enrollment_id: number; user: { id: number } }[] }).items;
      const enrolmentId = items.find((m) => m.user.id === w.outsider.id)?.enrollment_id;
      expect(enrolmentId).toBeDefined();
      const removed = await t.app.inject({ method: 'DELETE', url: '/api/course/enrollments', headers: { cookie }, payload: { enrollment_ids: [enrolmentId] } });
      expect(removed.statusCode).toBe(200);
      expect(seen.slice(1).map((e) => [e.type, e.payload])).toEqual([['enrolment.removed', { course_id: w.course.id, user_id: w.outsider.id }]]);
    });
  });
});
