import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

/**
 * Issue 24 item 4, spec §7 `/api/ding-talk/*`: a course's DingTalk group against a fake DingTalk open API started in
 * the test (gettoken, topapi/v2/user/getbymobile, chat/create, chat/get, chat/update with DingTalk's shapes; every call
 * but gettoken must carry the access token). Without the toggle or a configuration every call says what is missing;
 * nothing is stored when DingTalk refuses.
 */

const APP_KEY = 'ding-app-key';
const APP_SECRET = 'ding-secret-xyz';
const TOKEN = 'fake-access-token-1';

interface Call {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}
const ding = {
  /** DingTalk's users by mobile phone. */
  users: new Map<string, string>(),
  chats: new Map<string, { name: string; owner: string; useridlist: string[] }>(),
  calls: [] as Call[],
  failCreate: false,
};
let server: Server;
let dingUrl: string;

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : null;
}

function fakeDingTalk(): Server {
  return createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://ding.test');
    const body = request.method === 'POST' ? await bodyOf(request) : null;
    ding.calls.push({ path: url.pathname, query: url.searchParams, body });
    const send = (answer: object) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    };
    if (url.pathname === '/gettoken') {
      if (url.searchParams.get('appkey') !== APP_KEY || url.searchParams.get('appsecret') !== APP_SECRET)
        return send({ errcode: 40089, errmsg: 'invalid appkey or appsecret' });
      return send({ errcode: 0, errmsg: 'ok', access_token: TOKEN, expires_in: 7200 });
    }
    if (url.searchParams.get('access_token') !== TOKEN) return send({ errcode: 40014, errmsg: 'invalid access_token' });
    if (url.pathname === '/topapi/v2/user/getbymobile') {
      const userid = ding.users.get(String(body?.mobile));
      return send(userid ? { errcode: 0, errmsg: 'ok', result: { userid }, request_id: 'r1' } : { errcode: 60121, errmsg: '找不到该用户', request_id: 'r2' });
    }
    if (url.pathname === '/chat/create') {
      if (ding.failCreate) return send({ errcode: 34011, errmsg: 'owner is not a member' });
      const chatid = `chat${ding.chats.size + 1}abc`;
      ding.chats.set(chatid, { name: String(body?.name), owner: String(body?.owner), useridlist: [...(body?.useridlist as string[])] });
      return send({ errcode: 0, errmsg: 'ok', chatid, openConversationId: `cid${chatid}`, conversationTag: 2 });
    }
    if (url.pathname === '/chat/get') {
      const chat = ding.chats.get(url.searchParams.get('chatid') ?? '');
      if (!chat) return send({ errcode: 40003, errmsg: 'chat not found' });
      return send({ errcode: 0, errmsg: 'ok', chat_info: { chatid: url.searchParams.get('chatid'), ...chat, conversationTag: 2 } });
    }
    if (url.pathname === '/chat/update') {
      const chat = ding.chats.get(String(body?.chatid));
      if (!chat) return send({ errcode: 40003, errmsg: 'chat not found' });
      for (const id of (body?.add_useridlist as string[]) ?? []) if (!chat.useridlist.includes(id)) chat.useridlist.push(id);
      return send({ errcode: 0, errmsg: 'ok' });
    }
    response.writeHead(404).end();
  });
}

let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
const cookies = {} as Record<'admin' | 'instructor' | 'assistant' | 'student' | 'outsider', string>;

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: keyof typeof cookies, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
const setMobile = (userId: number, mobile: string | null) => t.database.db.execute(sql`update users set mobile_phone = ${mobile} where id = ${userId}`);
const count = async (table: 'course_dingtalk_chats' | 'dingtalk_users') =>
  Number(((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const chatUrl = () => `/api/ding-talk/chat?course_id=${w.course.id}`;

beforeAll(async () => {
  server = fakeDingTalk();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dingUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  for (const who of ['admin', 'instructor', 'assistant', 'student', 'outsider'] as const) cookies[who] = await t.factories.login(w[who].userName);
  await setMobile(w.instructor.id, '13800000001');
  await setMobile(w.student.id, '13800000002');
  await setMobile(w.assistant.id, '13800000003');
  ding.users.set('13800000001', 'ding-instructor');
  ding.users.set('13800000002', 'ding-student');
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(() => {
  ding.calls = [];
});

describe('DingTalk chat group', () => {
  it('answers honestly while the toggle is off or nothing is configured, and only admins configure it', async () => {
    const off = await call('GET', '/api/ding-talk/user-id', 'instructor');
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'CHAT_GROUP_DISABLED' });
    expect((await call('GET', chatUrl(), 'student')).json()).toMatchObject({ code: 'CHAT_GROUP_DISABLED' });

    expect((await call('PUT', '/api/org/toggles', 'instructor', { chat_group: true })).statusCode).toBe(403);
    const on = await call('PUT', '/api/org/toggles', 'admin', { chat_group: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().toggles).toMatchObject({ chat_group: true });

    for (const [method, url, who] of [
      ['GET', '/api/ding-talk/user-id', 'instructor'],
      ['GET', chatUrl(), 'student'],
      ['PUT', chatUrl(), 'instructor'],
    ] as const) {
      const res = await call(method, url, who, method === 'PUT' ? { users_2_add: [w.student.id] } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONNECTOR_NOT_CONFIGURED', errors: { provider: [expect.stringContaining('DingTalk')] } });
    }
    expect(ding.calls).toEqual([]);
    expect((await call('GET', '/api/org/ding-talk', 'admin')).json()).toEqual({ config: null });
    expect((await call('GET', '/api/org/ding-talk', 'instructor')).statusCode).toBe(403);
    expect((await call('PUT', '/api/org/ding-talk', 'instructor', { app_key: APP_KEY, app_secret: APP_SECRET })).statusCode).toBe(403);
    const noSecret = await call('PUT', '/api/org/ding-talk', 'admin', { app_key: APP_KEY });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().errors).toHaveProperty('app_secret');
    const badUrl = await call('PUT', '/api/org/ding-talk', 'admin', { app_key: APP_KEY, app_secret: APP_SECRET, api_base_url: 'ftp://ding' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.body).toContain('api_base_url');
    expect((await call('DELETE', '/api/org/ding-talk', 'admin')).statusCode).toBe(409);
  });

  it('keeps the secret to itself and defaults the address to DingTalk’s', async () => {
    const set = await call('PUT', '/api/org/ding-talk', 'admin', { app_key: 'other', app_secret: 'first-secret' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ app_key: 'other', has_secret: true, api_base_url: 'https://oapi.dingtalk.com' });
    expect(set.body).not.toContain('first-secret');
    const kept = await call('PUT', '/api/org/ding-talk', 'admin', { app_key: APP_KEY, api_base_url: dingUrl });
    expect(kept.json()).toMatchObject({ app_key: APP_KEY, has_secret: true, api_base_url: dingUrl });
    // The secret kept is the first: DingTalk refuses it, and says so.
    const refused = await call('GET', '/api/ding-talk/user-id', 'instructor');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'DINGTALK_FAILED', errors: { api_base_url: [expect.stringContaining('40089')] } });
    expect(await count('dingtalk_users')).toBe(0);
    const fixed = await call('PUT', '/api/org/ding-talk', 'admin', { app_key: APP_KEY, app_secret: APP_SECRET, api_base_url: dingUrl });
    expect(fixed.statusCode).toBe(200);
    expect((await call('GET', '/api/org/ding-talk', 'admin')).json()).toMatchObject({ config: { app_key: APP_KEY, has_secret: true } });
  });

  it('GET /api/ding-talk/user-id finds the user by their mobile phone, once', async () => {
    const mine = await call('GET', '/api/ding-talk/user-id', 'instructor');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ user_id: 'ding-instructor' });
    expect(ding.calls.map((c) => c.path)).toEqual(['/gettoken', '/topapi/v2/user/getbymobile']);
    expect(ding.calls[1]!.body).toEqual({ mobile: '13800000001' });
    expect(ding.calls[1]!.query.get('access_token')).toBe(TOKEN);
    ding.calls = [];
    expect((await call('GET', '/api/ding-talk/user-id', 'instructor')).json()).toEqual({ user_id: 'ding-instructor' });
    expect(ding.calls).toEqual([]);

    const noPhone = await call('GET', '/api/ding-talk/user-id', 'outsider');
    expect(noPhone.statusCode).toBe(409);
    expect(noPhone.json()).toMatchObject({ code: 'DINGTALK_USER_UNKNOWN', errors: { mobile_phone: [expect.stringContaining('Bind a mobile phone')] } });
    const unknown = await call('GET', '/api/ding-talk/user-id', 'assistant');
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().errors.mobile_phone[0]).toContain('knows no user');
  });

  it('GET chat: none yet; PUT refuses non-members and people DingTalk cannot find, writing nothing', async () => {
    expect((await call('GET', chatUrl(), 'student')).json()).toEqual({ chat: null });
    expect((await call('GET', chatUrl(), 'outsider')).statusCode).toBe(403);
    expect((await call('PUT', chatUrl(), 'student', { users_2_add: [w.student.id] })).statusCode).toBe(403);
    const outsider = await call('PUT', chatUrl(), 'instructor', { users_2_add: [w.student.id, w.outsider.id] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors.users_2_add[0]).toContain(String(w.outsider.id));
    const empty = await call('PUT', chatUrl(), 'instructor', { users_2_add: [] });
    expect(empty.statusCode).toBe(400);
    const unknown = await call('PUT', chatUrl(), 'instructor', { users_2_add: [w.student.id, w.assistant.id] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ code: 'DINGTALK_USER_UNKNOWN', errors: { users_2_add: [expect.stringContaining(String(w.assistant.id))] } });
    ding.failCreate = true;
    const refused = await call('PUT', chatUrl(), 'instructor', { users_2_add: [w.student.id] });
    ding.failCreate = false;
    expect(refused.statusCode).toBe(502);
    expect(refused.json().errors.api_base_url[0]).toContain('34011');
    expect(await count('course_dingtalk_chats')).toBe(0);
    expect(await count('dingtalk_users')).toBe(1);
    expect(ding.calls.filter((c) => c.path === '/chat/update')).toEqual([]);
  });

  it('PUT creates the group owned by the caller, then adds only who is missing; members read it', async () => {
    const created = await call('PUT', chatUrl(), 'instructor', { users_2_add: [w.student.id] });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ chat_id: 'chat1abc', useridlist: ['ding-instructor', 'ding-student'] });
    const create = ding.calls.find((c) => c.path === '/chat/create')!;
    expect(create.query.get('access_token')).toBe(TOKEN);
    expect(create.body).toEqual({ name: w.course.name.slice(0, 20), owner: 'ding-instructor', useridlist: ['ding-instructor', 'ding-student'] });
    expect(await count('course_dingtalk_chats')).toBe(1);
    expect(await count('dingtalk_users')).toBe(2);

    const read = await call('GET', chatUrl(), 'student');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ chat: { chat_id: 'chat1abc', owner: 'ding-instructor', useridlist: ['ding-instructor', 'ding-student'] } });

    ding.calls = [];
    const again = await call('PUT', chatUrl(), 'instructor', { users_2_add: [w.student.id, w.instructor.id] });
    expect(again.json()).toEqual({ chat_id: 'chat1abc', useridlist: ['ding-instructor', 'ding-student'] });
    expect(ding.calls.map((c) => c.path)).toEqual(['/chat/get']);

    await setMobile(w.assistant.id, '13800000009');
    ding.users.set('13800000009', 'ding-assistant');
    ding.calls = [];
    const added = await call('PUT', chatUrl(), 'assistant', { users_2_add: [w.assistant.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().useridlist).toEqual(['ding-instructor', 'ding-student', 'ding-assistant']);
    expect(ding.calls.find((c) => c.path === '/chat/update')!.body).toEqual({ chatid: 'chat1abc', add_useridlist: ['ding-assistant'] });
    expect(await count('course_dingtalk_chats')).toBe(1);
  });

  it('turning the toggle off closes the calls again', async () => {
    await call('PUT', '/api/org/toggles', 'admin', { chat_group: false });
    expect((await call('GET', chatUrl(), 'student')).statusCode).toBe(403);
    expect((await call('PUT', chatUrl(), 'instructor', { users_2_add: [w.student.id] })).json()).toMatchObject({ code: 'CHAT_GROUP_DISABLED' });
    expect((await call('DELETE', '/api/org/ding-talk', 'admin')).statusCode).toBe(200);
    expect((await call('GET', '/api/org/ding-talk', 'admin')).json()).toEqual({ config: null });
  });
});
