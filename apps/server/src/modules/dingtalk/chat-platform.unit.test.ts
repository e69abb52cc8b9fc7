import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dingTalkPlatform } from './chat-platform.js';

/**
 * The DingTalk implementation of ChatPlatform against a small fake of its open API: more members than DingTalk takes
 * in one call go in turns of 40, a token DingTalk stops taking is fetched again once, and DingTalk's refusals become
 * DINGTALK_FAILED naming its errcode.
 */

let server: Server;
let base: string;
let tokenNo = 0;
let revoked = new Set<string>();
const calls: { path: string; body: Record<string, unknown> | null }[] = [];

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://ding.test');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : null;
    calls.push({ path: url.pathname, body });
    const send = (answer: object) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (url.pathname === '/gettoken') return send({ errcode: 0, access_token: `token-${++tokenNo}`, expires_in: 7200 });
    const token = url.searchParams.get('access_token') ?? '';
    if (!token.startsWith('token-') || revoked.has(token)) return send({ errcode: 42001, errmsg: 'access_token expired' });
    if (url.pathname === '/chat/create') return send({ errcode: 0, chatid: 'chat-big' });
    if (url.pathname === '/chat/update') return send({ errcode: 0 });
    if (url.pathname === '/chat/get') return send({ errcode: 40003, errmsg: 'no such chat' });
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server?.close(resolve)));

describe('dingTalkPlatform', () => {
  it('creates a group of 85 members: 40 with chat/create, then 40 and 5 with chat/update', async () => {
    const platform = dingTalkPlatform({ appKey: 'k1', appSecret: 's1', apiBaseUrl: base });
    const members = Array.from({ length: 85 }, (_, i) => `u${i}`);
    calls.length = 0;
    expect(await platform.createChat({ name: 'Big course', owner: 'u0', members })).toBe('chat-big');
    expect(calls.map((c) => c.path)).toEqual(['/gettoken', '/chat/create', '/chat/update', '/chat/update']);
    expect((calls[1]!.body!.useridlist as string[]).length).toBe(40);
    expect(calls[2]!.body!.add_useridlist).toEqual(members.slice(40, 80));
    expect(calls[3]!.body!.add_useridlist).toEqual(members.slice(80));
  });

  it('fetches the token again once when DingTalk stops taking it, and names DingTalk’s errcode when it refuses', async () => {
    const platform = dingTalkPlatform({ appKey: 'k2', appSecret: 's2', apiBaseUrl: base });
    await platform.addMembers('chat-big', ['a']);
    revoked = new Set([`token-${tokenNo}`]);
    calls.length = 0;
    await platform.addMembers('chat-big', ['b']);
    expect(calls.map((c) => c.path)).toEqual(['/chat/update', '/gettoken', '/chat/update']);
    await expect(platform.getChat('missing')).rejects.toMatchObject({ code: 'DINGTALK_FAILED', errors: { api_base_url: [expect.stringContaining('40003')] } });
  });

  it('says DingTalk did not answer when nothing listens at the address', async () => {
    const platform = dingTalkPlatform({ appKey: 'k3', appSecret: 's3', apiBaseUrl: 'http://127.0.0.1:9' });
    await expect(platform.userIdOf('13800000000')).rejects.toMatchObject({ code: 'DINGTALK_FAILED' });
  });
});
