import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { openSse, type SseClient } from '../../../test/helpers/sse-client.js';
import { buildApp } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import { createObjectStore } from '../../storage/create-store.js';
import { hubOf } from './notifications.stream.js';

// Two app instances on one database; the bulletin is published through the first's API (issue 17 §2, decision 0100), as events-instances.routes.test.ts
// builds them. With DATABASE_URL (PostgreSQL) the second has its own connections, its own dispatcher
// and its own hub: a notification made on the first reaches a stream on the second only through
// pg_notify and the second's LISTEN. On PGlite one process serves the database, so both instances
// share one hub (PGlite's in-process LISTEN): the same test then checks that path.
const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let second: FastifyInstance;
let secondDatabase: Database;
let secondBase: string;
let world: { orgId: number; courseId: number; instructorId: number; studentId: number; studentCookie: string; instructorCookie: string };
const clients: SseClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  secondDatabase = t.database.pool ? openPostgres(t.database.pool.options.connectionString!) : t.database;
  const config = { ...t.config, logLevel: 'silent' as const, jobs: { ...t.config.jobs, runWorkers: false } };
  second = await buildApp({ config, database: secondDatabase, storage: await createObjectStore(config) });
  await second.ready();
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  const org = await t.factories.org();
  const instructor = await t.factories.user({ orgId: org.id, role: USER_ROLE.instructor });
  const student = await t.factories.user({ orgId: org.id, role: USER_ROLE.student });
  const course = await t.factories.course({ orgId: org.id, instructorId: instructor.id });
  await t.factories.enrol(course.id, student.id, 'student');
  world = {
    orgId: org.id,
    courseId: course.id,
    instructorId: instructor.id,
    studentId: student.id,
    studentCookie: await t.factories.login(student.userName),
    instructorCookie: await t.factories.login(instructor.userName),
  };
}, 60_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await second.close();
  if (secondDatabase !== t.database) await secondDatabase.close();
  await t.close();
});

/** Publishes a course bulletin through the first instance's API (POST /api/bulletins as the instructor); answers its id and when it was sent. */
async function publishBulletinOnFirst(title: string): Promise<{ id: number; at: number }> {
  const at = Date.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bulletins',
    headers: { cookie: world.instructorCookie },
    payload: { type: 'course', course_id: world.courseId, title, content: `<p>${title}</p>`, show_on_popup: false },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { id: number }).id, at };
}

describe(
  onPostgres
    ? 'on PostgreSQL: a notification made on one instance reaches a stream on another through LISTEN/NOTIFY'
    : 'on PGlite: two instances of one process share the hub',
  () => {
    it('a course bulletin published on the first instance reaches an SSE client of the second within 1 s; after a reconnect with Last-Event-ID the missed one arrives once', async () => {
      expect(hubOf(second.deps) === hubOf(t.app.deps)).toBe(!onPostgres);
      const client = await openSse(secondBase, { cookie: world.studentCookie });
      clients.push(client);
      expect(client.status).toBe(200);
      await vi.waitFor(() => expect(client.unreadCounts()).toHaveLength(1), { timeout: 3_000, interval: 10 });

      const first = await publishBulletinOnFirst('Week 1');
      await vi.waitFor(() => expect(client.notifications()).toHaveLength(1), { timeout: 1_000, interval: 5 });
      expect(Date.now() - first.at).toBeLessThan(1_000);
      const [notice] = client.notifications();
      expect(notice).toMatchObject({
        kind: 'bulletin.published',
        type: 'bulletin',
        bulletin_id: first.id,
        url: `/bulletin-list/?type=course&bulletin_id=${first.id}`,
      });

      client.close();
      await vi.waitFor(() => expect(hubOf(second.deps).size).toBe(0), { timeout: 3_000, interval: 10 });
      const missed = await publishBulletinOnFirst('Week 2');
      const again = await openSse(secondBase, { cookie: world.studentCookie, lastEventId: notice!.id });
      clients.push(again);
      await vi.waitFor(() => expect(again.notifications()).toHaveLength(1), { timeout: 3_000, interval: 10 });
      const live = await publishBulletinOnFirst('Week 3');
      await vi.waitFor(() => expect(again.notifications()).toHaveLength(2), { timeout: 1_000, interval: 5 });
      expect(again.notifications().map((n) => n.bulletin_id)).toEqual([missed.id, live.id]);
    });

    it("a reply posted on the first instance reaches a reader's stream on the second as event: topic (issue 18 live replies)", async () => {
      const posted = await t.app.inject({
        method: 'POST',
        url: `/api/courses/${world.courseId}/forum/topics`,
        headers: { cookie: world.studentCookie },
        payload: { title: 'Live?', content: '<p>Anyone?</p>' },
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const topicId = (posted.json() as { id: number }).id;
      const client = await openSse(secondBase, { cookie: world.studentCookie });
      clients.push(client);
      await vi.waitFor(() => expect(client.unreadCounts().length).toBeGreaterThan(0), { timeout: 3_000, interval: 10 });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/topics/${topicId}/replies`,
        headers: { cookie: world.instructorCookie },
        payload: { content: '<p>Yes</p>' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const replyId = (res.json() as { id: number }).id;
      const topicEvents = () => client.frames.filter((f) => f.event === 'topic').map((f) => JSON.parse(f.data!) as unknown);
      await vi.waitFor(() => expect(topicEvents()).toEqual([{ topic_id: topicId, reply_id: replyId, course_id: world.courseId }]), {
        timeout: 3_000,
        interval: 10,
      });
    });
  },
);
