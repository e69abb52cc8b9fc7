import { DINGTALK_MEMBERS_PER_CALL } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';

/** A messaging platform's group chat (issue 24 item 4: "one small interface each"; decision 0154). Ids are the platform's. */
export interface ChatPlatform {
  /** The platform's user id of the person with this mobile phone, or null when none of its users has it. */
  userIdOf(mobile: string): Promise<string | null>;
  /** Creates a group owned by `owner` (one of `members`) with `members`; answers its chat id. */
  createChat(input: { name: string; owner: string; members: readonly string[] }): Promise<string>;
  /** The group: its name, owner and members. */
  getChat(chatId: string): Promise<{ name: string; owner: string; useridlist: string[] }>;
  /** Adds `members` to the group (those in it already are left as they are). */
  addMembers(chatId: string, members: readonly string[]): Promise<void>;
}

/** An organisation's DingTalk application: the app key and secret `gettoken` takes and the open API's address. */
export interface DingTalkApp {
  appKey: string;
  appSecret: string;
  apiBaseUrl: string;
}

/** How long DingTalk may take to answer one call, ms. */
const CALL_TIMEOUT_MS = 10_000;
/** An access token is renewed this long before DingTalk says it expires, ms. */
const TOKEN_MARGIN_MS = 60_000;
/** DingTalk's `errcode` for "no user has this mobile phone" (topapi/v2/user/getbymobile). */
const ERRCODE_NO_SUCH_USER = 60121;
/** DingTalk's `errcode`s for an access token that is not (or no longer) valid: the token is fetched again once. */
const ERRCODES_BAD_TOKEN = new Set([40014, 42001]);

/** Access tokens by application (address, key and secret), until they expire: DingTalk limits how often `gettoken` is called. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

interface DingTalkAnswer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

function failed(host: string, detail: string): AppError {
  return new AppError('DINGTALK_FAILED', `DingTalk at ${host} failed: ${detail}`, { api_base_url: [`DingTalk at ${host} failed: ${detail}`] });
}

/**
 * The DingTalk open API (server API on `oapi.dingtalk.com`, JSON over HTTPS) behind ChatPlatform:
 * `GET /gettoken?appkey&appsecret` → `{errcode, access_token, expires_in}` (seconds; cached until a minute before);
 * `POST /topapi/v2/user/getbymobile {mobile}` → `{result: {userid}}` (errcode 60121: nobody);
 * `POST /chat/create {name, owner, useridlist}` → `{chatid}`; `GET /chat/get?chatid` → `{chat_info: {name, owner, useridlist}}`;
 * `POST /chat/update {chatid, add_useridlist}` (at most DINGTALK_MEMBERS_PER_CALL members a call, so larger lists are sent in turns).
 * Every call but `gettoken` carries `?access_token=`. Throws DINGTALK_FAILED (502, `api_base_url`) when DingTalk
 * does not answer in 10 s, answers other than 2xx or JSON, or answers a non-zero `errcode` (its `errmsg` in the message).
 */
export function dingTalkPlatform(app: DingTalkApp): ChatPlatform {
  const base = app.apiBaseUrl.replace(/\/+$/, '');
  const host = new URL(base).host;
  const cacheKey = `${base}\n${app.appKey}\n${app.appSecret}`;

  async function request(path: string, init: { method: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown }): Promise<DingTalkAnswer> {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: init.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw failed(host, `no answer (${(error as Error).message})`);
    }
    if (!response.ok) throw failed(host, `HTTP ${response.status}`);
    try {
      return (await response.json()) as DingTalkAnswer;
    } catch {
      throw failed(host, 'the answer is not JSON');
    }
  }

  async function accessToken(): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const answer = await request('/gettoken', { method: 'GET', query: { appkey: app.appKey, appsecret: app.appSecret } });
    if (answer.errcode !== 0 || typeof answer.access_token !== 'string') throw failed(host, `gettoken errcode ${answer.errcode}: ${answer.errmsg ?? ''}`);
    const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 7200;
    tokens.set(cacheKey, { token: answer.access_token, expiresAt: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS });
    return answer.access_token;
  }

  /** One call with the access token; a token DingTalk no longer takes is fetched again and the call made once more. */
  async function call(
    path: string,
    init: { method: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown },
    accept: number[] = [0],
  ): Promise<DingTalkAnswer> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await request(path, { ...init, query: { ...init.query, access_token: await accessToken() } });
      if (attempt === 0 && typeof answer.errcode === 'number' && ERRCODES_BAD_TOKEN.has(answer.errcode)) {
        tokens.delete(cacheKey);
        continue;
      }
      if (typeof answer.errcode !== 'number' || !accept.includes(answer.errcode))
        throw failed(host, `${path} errcode ${answer.errcode}: ${answer.errmsg ?? ''}`);
      return answer;
    }
  }

  return {
    async userIdOf(mobile) {
      const answer = await call('/topapi/v2/user/getbymobile', { method: 'POST', body: { mobile } }, [0, ERRCODE_NO_SUCH_USER]);
      if (answer.errcode === ERRCODE_NO_SUCH_USER) return null;
      const userid = (answer.result as { userid?: unknown } | undefined)?.userid;
      if (typeof userid !== 'string' || userid === '') throw failed(host, 'getbymobile answered no userid');
      return userid;
    },
    async createChat({ name, owner, members }) {
      const first = members.slice(0, DINGTALK_MEMBERS_PER_CALL);
      const answer = await call('/chat/create', { method: 'POST', body: { name, owner, useridlist: first } });
      if (typeof answer.chatid !== 'string' || answer.chatid === '') throw failed(host, 'chat/create answered no chatid');
      if (members.length > first.length) await this.addMembers(answer.chatid, members.slice(first.length));
      return answer.chatid;
    },
    async getChat(chatId) {
      const answer = await call('/chat/get', { method: 'GET', query: { chatid: chatId } });
      const info = answer.chat_info as { name?: unknown; owner?: unknown; useridlist?: unknown } | undefined;
      if (!info || !Array.isArray(info.useridlist)) throw failed(host, 'chat/get answered no chat_info');
      return { name: String(info.name ?? ''), owner: String(info.owner ?? ''), useridlist: info.useridlist.map(String) };
    },
    async addMembers(chatId, members) {
      for (let i = 0; i < members.length; i += DINGTALK_MEMBERS_PER_CALL)
        await call('/chat/update', { method: 'POST', body: { chatid: chatId, add_useridlist: members.slice(i, i + DINGTALK_MEMBERS_PER_CALL) } });
    },
  };
}
