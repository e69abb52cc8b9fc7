import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SSE_RETRY_MS, USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { openSse, type SseClient } from '../../../test/helpers/sse-client.js';
import { emit } from '../events/events.service.js';
import { hubOf } from './notifications.stream.js';

// Issue 17 §2: the Server-Sent Events stream on a real listening server read with Node's fetch.
// Notifications are made the real way: a domain event (enrolment.created) through the dispatcher,
// whose handler inserts the row and announces it with pg_notify inside its transaction.
let t: TestApp;
let base: string;
let student: { id: number; userName: string };
let other: { id: number; userName: string };
let courseIds: number[];
let cookies: { student: string; other: string };
const open: SseClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  hubOf(t.app.deps).heartbeatMs = 150;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const org = await t.factories.org();
  student = await t.factories.user({ orgId: org.id, role: USER_ROLE.student });
  other = await t.factories.user({ orgId: org.id, role: USER_ROLE.student });
  courseIds = [];
  for (let i = 0; i < 8; i++) courseIds.push((await t.factories.course({ orgId: org.id, name: `Stream course ${i}` })).id);
  cookies = { student: await t.factories.login(student.userName), other: await t.factories.login(other.userName) };
}, 60_000);
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => t.close());

let nextCourse = 0;
/** Makes one notification for `userId` (enrolment.created in a fresh course) and answers the course id. */
async function notifyUser(userId: number): Promise<number> {
  const courseId = courseIds[nextCourse++ % courseIds.length]!;
  await emit(t.app.deps, t.app.deps.db, { type: 'enrolment.created', payload: { course_id: courseId, user_id: userId, role: 'student' } });
  return courseId;
}

async function connect(options: Parameters<typeof openSse>[1]): Promise<SseClient> {
  const client = await openSse(base, options);
  open.push(client);
  return client;
}

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 3_000, interval: 10 });

describe('GET /api/notifications/stream', () => {
  it('refuses the anonymous caller with 401 and a malformed Last-Event-ID with 400 naming it', async () => {
    const anonymous = await connect({});
    expect(anonymous.status).toBe(401);
    const bad = await connect({ cookie: cookies.student, lastEventId: 'yesterday' });
    expect(bad.status).toBe(400);
  });

  it('sends retry and the unread count at connect, then a notification made after the client connected, with the SSE headers', async () => {
    const client = await connect({ cookie: cookies.student });
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(client.headers.get('cache-control')).toContain('no-cache');
    expect(client.headers.get('x-accel-buffering')).toBe('no');
    await waitFor(() => expect(client.unreadCounts()).toHaveLength(1));
    expect(client.frames[0]).toEqual({ retry: SSE_RETRY_MS });

    const courseId = await notifyUser(student.id);
    await waitFor(() => expect(client.notifications()).toHaveLength(1));
    const [notice] = client.notifications();
    expect(notice).toMatchObject({ kind: 'enrolment.created', type: 'other', course_id: courseId, url: '/user/index', read_at: null });
    const frame = client.frames.find((f) => f.event === 'notification')!;
    expect(frame.id).toBe(String(notice!.id));
    const listed = await t.app.inject({ method: 'GET', url: '/api/notifications?page_size=10', headers: { cookie: cookies.student } });
    expect((listed.json() as { items: unknown[] }).items[0]).toEqual(notice);
  });

  it("never sends another user's notification", async () => {
    const mine = await connect({ cookie: cookies.student });
    const theirs = await connect({ cookie: cookies.other });
    await waitFor(() => expect(theirs.unreadCounts()).toHaveLength(1));
    await notifyUser(student.id);
    await notifyUser(student.id);
    await waitFor(() => expect(mine.notifications()).toHaveLength(2));
    await notifyUser(other.id);
    await waitFor(() => expect(theirs.notifications()).toHaveLength(1));
    expect(mine.notifications()).toHaveLength(2);
    const listedForOther = await t.app.inject({ method: 'GET', url: '/api/notifications?page_size=100', headers: { cookie: cookies.other } });
    const otherIds = new Set((listedForOther.json() as { items: { id: number }[] }).items.map((n) => n.id));
    expect(mine.notifications().some((n) => otherIds.has(n.id))).toBe(false);
    expect(theirs.notifications().every((n) => otherIds.has(n.id))).toBe(true);
  });

  it('sends a heartbeat comment every heartbeatMs', async () => {
    const client = await connect({ cookie: cookies.student });
    await waitFor(() => expect(client.frames.filter((f) => f.comment === 'heartbeat').length).toBeGreaterThanOrEqual(2));
  });

  it('a client reconnecting with Last-Event-ID gets exactly the missed notifications once, then live ones', async () => {
    const first = await connect({ cookie: cookies.student });
    await waitFor(() => expect(first.unreadCounts()).toHaveLength(1));
    await notifyUser(student.id);
    await waitFor(() => expect(first.notifications()).toHaveLength(1));
    const lastSeen = first.notifications()[0]!.id;
    first.close();
    await waitFor(() => expect(hubOf(t.app.deps).size).toBe(0));

    await notifyUser(student.id);
    await notifyUser(student.id);
    await notifyUser(other.id);
    const again = await connect({ cookie: cookies.student, lastEventId: lastSeen });
    await waitFor(() => expect(again.notifications()).toHaveLength(2));
    const missed = again.notifications().map((n) => n.id);
    expect(missed.every((id) => id > lastSeen)).toBe(true);
    expect(missed).toEqual([...missed].sort((a, b) => a - b));

    await notifyUser(student.id);
    await waitFor(() => expect(again.notifications()).toHaveLength(3));
    const ids = again.notifications().map((n) => n.id);
    expect(new Set(ids).size).toBe(3);
    // The list agrees: every notification after lastSeen, and nothing else.
    const listed = await t.app.inject({ method: 'GET', url: '/api/notifications?page_size=100', headers: { cookie: cookies.student } });
    const after = (listed.json() as { items: { id: number }[] }).items
      .map((n) => n.id)
      .filter((id) => id > lastSeen)
      .sort((a, b) => a - b);
    expect(ids).toEqual(after);

    // ?last_event_id= does the same for clients that cannot set the header.
    const byQuery = await connect({ cookie: cookies.student, query: `?last_event_id=${lastSeen}` });
    await waitFor(() => expect(byQuery.notifications().map((n) => n.id)).toEqual(after));
  });

  it('sends the unread count when the user marks notifications read elsewhere', async () => {
    await notifyUser(student.id);
    const client = await connect({ cookie: cookies.student });
    await waitFor(() => expect(client.unreadCounts()).toHaveLength(1));
    expect(client.unreadCounts()[0]).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: { cookie: cookies.student }, payload: { all: true } });
    expect(res.statusCode).toBe(200);
    await waitFor(() => expect(client.unreadCounts()).toEqual([client.unreadCounts()[0], 0]));
  });

  it('forgets a client that hung up', async () => {
    const client = await connect({ cookie: cookies.other });
    await waitFor(() => expect(hubOf(t.app.deps).size).toBe(1));
    client.close();
    await waitFor(() => expect(hubOf(t.app.deps).size).toBe(0));
  });
});
