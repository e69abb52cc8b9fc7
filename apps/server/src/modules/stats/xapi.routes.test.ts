import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementProblems } from '@atrium/stats';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

/**
 * Issue 25 item 6: every learning event as an xAPI statement — valid by xAPI's statement rules (Learning Locker's
 * conformance-tested validator), paged with `more`, stable ids — and sent to a Learning Record Store with the xAPI
 * client. The LRS here is a small HTTP endpoint of the test that checks what an LRS checks of a POST /statements
 * (xAPI version header, Basic credentials, each statement valid) and keeps what it was sent.
 */

let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
const cookies: Record<string, string> = {};
let lrs: Server;
let lrsUrl = '';
const received: Record<string, unknown>[] = [];
const lrsProblems: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  cookies.student = await t.factories.login(w.student.userName);
  cookies.instructor = await t.factories.login(w.instructor.userName);
  cookies.assistant = await t.factories.login(w.assistant.userName);
  const now = Date.now();
  const events = Array.from({ length: 5 }, (_, i) => ({
    id: randomUUID(),
    action: 'page.view',
    ts: now - 60_000 + i * 1000,
    course_id: w.course.id,
    url: `/course/${w.course.id}/content`,
  }));
  expect((await t.app.inject({ method: 'POST', url: '/api/user-actions', headers: { cookie: cookies.student }, payload: { events } })).json()).toEqual({
    accepted: 5,
    duplicates: 0,
  });
  // A visitor's event of the course: no actor, no statement.
  await t.app.inject({
    method: 'POST',
    url: '/api/user-actions',
    payload: { events: [{ id: randomUUID(), action: 'page.view', ts: now - 1000, course_id: w.course.id }] },
  });
  lrs = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const auth = `Basic ${Buffer.from('lrs-key:lrs-secret').toString('base64')}`;
      if (request.headers.authorization !== auth) return response.writeHead(401).end();
      if (request.method !== 'POST' || !request.url?.endsWith('/statements')) return response.writeHead(404).end();
      if (!String(request.headers['x-experience-api-version'] ?? '').startsWith('1.0')) lrsProblems.push('no X-Experience-API-Version');
      const statements = JSON.parse(body) as Record<string, unknown>[];
      for (const statement of statements) lrsProblems.push(...statementProblems(statement));
      received.push(...statements);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(statements.map((s) => s.id)));
    });
  });
  await new Promise<void>((resolve) => lrs.listen(0, '127.0.0.1', resolve));
  lrsUrl = `http://127.0.0.1:${(lrs.address() as AddressInfo).port}/xapi`;
});
afterAll(async () => {
  await new Promise((resolve) => lrs.close(resolve));
  await t.close();
});

const get = (url: string, who = 'instructor') => t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } });

describe('GET /api/stat/xapi/statements', () => {
  it('answers valid xAPI statements of the course’s signed-in learners, page by page through `more`, ids stable', async () => {
    const first = await get(`/api/stat/xapi/statements?course_id=${w.course.id}&limit=2`);
    expect(first.statusCode).toBe(200);
    const collected = [...first.json().statements];
    let more: string = first.json().more;
    expect(more).toContain('after=');
    while (more) {
      const page = (await get(more)).json();
      collected.push(...page.statements);
      more = page.more;
    }
    expect(collected).toHaveLength(5);
    for (const statement of collected) expect(statementProblems(statement)).toEqual([]);
    expect(collected[0]).toMatchObject({
      actor: { objectType: 'Agent', account: { name: String(w.student.id) } },
      verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
      object: { objectType: 'Activity', id: expect.stringMatching(new RegExp(`/course/${w.course.id}$`)) },
    });
    const timestamps = collected.map((s: { timestamp: string }) => Date.parse(s.timestamp));
    expect([...timestamps].sort((a, b) => a - b)).toEqual(timestamps);
    const again = (await get(`/api/stat/xapi/statements?course_id=${w.course.id}&limit=500`)).json();
    expect(again.statements.map((s: { id: string }) => s.id)).toEqual(collected.map((s: { id: string }) => s.id));
    expect(again.more).toBe('');
  });

  it('is the course team’s: a student is refused; a bad page key is a 400 naming `after`', async () => {
    expect((await get(`/api/stat/xapi/statements?course_id=${w.course.id}`, 'assistant')).statusCode).toBe(200);
    expect([403, 404]).toContain((await get(`/api/stat/xapi/statements?course_id=${w.course.id}`, 'student')).statusCode);
    const bad = await get(`/api/stat/xapi/statements?course_id=${w.course.id}&after=nope`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('after');
  });
});

describe('POST /api/stat/xapi/lrs-export', () => {
  it('sends every statement to the LRS with the xAPI client, each valid there', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stat/xapi/lrs-export',
      headers: { cookie: cookies.instructor! },
      payload: { course_id: w.course.id, endpoint: lrsUrl, username: 'lrs-key', password: 'lrs-secret' },
    });
    expect(res.json()).toEqual({ sent: 5 });
    expect(received).toHaveLength(5);
    expect(lrsProblems).toEqual([]);
  });

  it('answers 502 LRS_REFUSED when the LRS refuses the credentials; the assistant may not export', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/stat/xapi/lrs-export',
      headers: { cookie: cookies.instructor! },
      payload: { course_id: w.course.id, endpoint: lrsUrl, username: 'lrs-key', password: 'wrong' },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('LRS_REFUSED');
    const assistant = await t.app.inject({
      method: 'POST',
      url: '/api/stat/xapi/lrs-export',
      headers: { cookie: cookies.assistant! },
      payload: { course_id: w.course.id, endpoint: lrsUrl, username: 'lrs-key', password: 'lrs-secret' },
    });
    expect(assistant.statusCode).toBe(403);
  });
});
