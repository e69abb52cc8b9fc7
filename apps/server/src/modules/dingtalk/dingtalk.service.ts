import {
  DINGTALK_CHAT_NAME_MAX,
  DINGTALK_DEFAULT_API_BASE_URL,
  type DingTalkChatResponse,
  type DingTalkChatUpdate,
  type DingTalkConfig,
  type DingTalkConfigResponse,
  type DingTalkUserId,
  type PutDingTalkChatBody,
  type PutDingTalkConfigBody,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor } from '../courses/courses.policy.js';
import { rolesHeld } from '../enrolments/enrolments.repository.js';
import { transaction } from '../events/events.service.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';
import { chatGroupOn } from '../orgs/orgs.service.js';
import { dingTalkPlatform, type ChatPlatform } from './chat-platform.js';
import {
  deleteDingTalkConfig,
  dingTalkIdentities,
  findCourseChat,
  findDingTalkConfig,
  insertCourseChat,
  rememberDingTalkUsers,
  upsertDingTalkConfig,
  type DingTalkConfigRow,
} from './dingtalk.repository.js';

/**
 * DingTalk chat group (issue 24 item 4; spec §7 `/api/ding-talk/*`; spec §6 "chat group" toggle; decision 0154): the
 * organisation's DingTalk application, set by its administrators, behind the ChatPlatform interface; a course's group
 * created on DingTalk by its team, its members added by Atrium user id, each resolved to a DingTalk user id by the
 * mobile phone they bound (remembered while that phone stays bound). Nothing is stored when DingTalk refuses.
 */

function view(row: DingTalkConfigRow): DingTalkConfig {
  return { app_key: row.appKey, has_secret: row.appSecret !== '', api_base_url: row.apiBaseUrl, updated_at: row.updatedAt.toISOString() };
}

/** `GET /api/org/ding-talk` (the organisation's admins): its DingTalk configuration, or null. */
export async function dingTalkConfigOf(deps: AppDeps, actor: Actor): Promise<DingTalkConfigResponse> {
  assertManagesOrganisation(actor, 'Only organisation administrators see the DingTalk configuration');
  const row = await findDingTalkConfig(deps.db, actor.orgId);
  return { config: row ? view(row) : null };
}

/**
 * `PUT /api/org/ding-talk` (admins): sets the app key, the secret (absent: kept; 400 naming `app_secret` when there
 * is none yet) and the open API's address (absent: DINGTALK_DEFAULT_API_BASE_URL). Answers it without the secret.
 */
export async function setDingTalkConfig(deps: AppDeps, actor: Actor, body: PutDingTalkConfigBody): Promise<DingTalkConfig> {
  assertManagesOrganisation(actor, 'Only organisation administrators set the DingTalk configuration');
  const secret = body.app_secret ?? (await findDingTalkConfig(deps.db, actor.orgId))?.appSecret;
  if (!secret) throw AppError.field('app_secret', 'is required the first time DingTalk is configured');
  const row = await upsertDingTalkConfig(deps.db, actor.orgId, {
    appKey: body.app_key,
    appSecret: secret,
    apiBaseUrl: body.api_base_url ?? DINGTALK_DEFAULT_API_BASE_URL,
  });
  return view(row);
}

/** `DELETE /api/org/ding-talk` (admins): removes it (course groups stay on DingTalk); CONNECTOR_NOT_CONFIGURED (409, `provider`) when there is none. */
export async function removeDingTalkConfig(deps: AppDeps, actor: Actor): Promise<{ message: string }> {
  assertManagesOrganisation(actor, 'Only organisation administrators remove the DingTalk configuration');
  if (!(await deleteDingTalkConfig(deps.db, actor.orgId))) throw notConfigured();
  return { message: 'The DingTalk configuration was removed' };
}

function notConfigured(): AppError {
  return AppError.field(
    'provider',
    'DingTalk is not configured for this organisation: an administrator sets its app key and secret first',
    'CONNECTOR_NOT_CONFIGURED',
  );
}

/** The organisation's DingTalk: 403 CHAT_GROUP_DISABLED while its `chat_group` toggle is off, 409 CONNECTOR_NOT_CONFIGURED (`provider`) without a configuration. */
async function platformOf(deps: AppDeps, orgId: number): Promise<ChatPlatform> {
  if (!(await chatGroupOn(deps.db, orgId))) throw new AppError('CHAT_GROUP_DISABLED', 'The chat group is not turned on for this organisation');
  const row = await findDingTalkConfig(deps.db, orgId);
  if (!row) throw notConfigured();
  return dingTalkPlatform({ appKey: row.appKey, appSecret: row.appSecret, apiBaseUrl: row.apiBaseUrl });
}

interface Resolution {
  ids: Map<number, string>;
  /** Ids DingTalk answered now, to remember once the change succeeds. */
  fresh: { userId: number; dingUserId: string; mobilePhone: string }[];
  noMobile: number[];
  unknown: number[];
}

/** How many users are looked up on DingTalk at once. */
const LOOKUPS_AT_ONCE = 5;

/**
 * DingTalk user ids of `userIds` (of organisation `orgId`): remembered ones while their phone is still bound, the
 * others asked of DingTalk by mobile phone, LOOKUPS_AT_ONCE at a time. One SELECT, then one call per user not remembered.
 */
async function resolve(deps: AppDeps, platform: ChatPlatform, orgId: number, userIds: readonly number[]): Promise<Resolution> {
  const out: Resolution = { ids: new Map(), fresh: [], noMobile: [], unknown: [] };
  const found = new Map((await dingTalkIdentities(deps.db, orgId, userIds)).map((row) => [row.id, row]));
  const toAsk: { userId: number; mobilePhone: string }[] = [];
  for (const userId of userIds) {
    const row = found.get(userId);
    if (!row?.mobilePhone) out.noMobile.push(userId);
    else if (row.dingUserId && row.dingMobile === row.mobilePhone) out.ids.set(userId, row.dingUserId);
    else toAsk.push({ userId, mobilePhone: row.mobilePhone });
  }
  for (let i = 0; i < toAsk.length; i += LOOKUPS_AT_ONCE) {
    const batch = toAsk.slice(i, i + LOOKUPS_AT_ONCE);
    const answers = await Promise.all(batch.map((ask) => platform.userIdOf(ask.mobilePhone)));
    batch.forEach((ask, k) => {
      const dingUserId = answers[k];
      if (!dingUserId) out.unknown.push(ask.userId);
      else {
        out.ids.set(ask.userId, dingUserId);
        out.fresh.push({ ...ask, dingUserId });
      }
    });
  }
  return out;
}

/**
 * `GET /api/ding-talk/user-id` (spec §7; any signed-in user): their DingTalk user id, found by the mobile phone they
 * bound and remembered. 403 CHAT_GROUP_DISABLED, 409 CONNECTOR_NOT_CONFIGURED, 409 DINGTALK_USER_UNKNOWN naming
 * `mobile_phone` (none bound, or DingTalk knows no one with it), 502 DINGTALK_FAILED.
 */
export async function myDingTalkUserId(deps: AppDeps, actor: Actor): Promise<DingTalkUserId> {
  const platform = await platformOf(deps, actor.orgId);
  const found = await resolve(deps, platform, actor.orgId, [actor.id]);
  if (found.noMobile.length > 0)
    throw AppError.field('mobile_phone', 'Bind a mobile phone to your account first: DingTalk finds you by it', 'DINGTALK_USER_UNKNOWN');
  if (found.unknown.length > 0) throw AppError.field('mobile_phone', 'DingTalk knows no user with your mobile phone', 'DINGTALK_USER_UNKNOWN');
  if (found.fresh.length > 0) await rememberDingTalkUsers(deps.db, found.fresh);
  return { user_id: found.ids.get(actor.id)! };
}

/**
 * `GET /api/ding-talk/chat?course_id=` (spec §7; course members, `course.view`): the course's group as DingTalk
 * answers it now, or null while it has none. Errors as myDingTalkUserId, and the course's (404, 403).
 */
export async function courseChat(deps: AppDeps, actor: Actor, courseId: number): Promise<DingTalkChatResponse> {
  const { course } = await courseFor(deps, actor, courseId, 'view');
  const platform = await platformOf(deps, course.orgId);
  const row = await findCourseChat(deps.db, courseId);
  if (!row) return { chat: null };
  const chat = await platform.getChat(row.chatId);
  return { chat: { chat_id: row.chatId, name: chat.name, owner: chat.owner, useridlist: chat.useridlist, created_at: row.createdAt.toISOString() } };
}

/**
 * `PUT /api/ding-talk/chat?course_id= {users_2_add}` (spec §7; the course team and org admins, `course.invite`): adds
 * these members of the course to its group, creating it first (named after the course, owned by the caller) when it
 * has none; those in it already are left. Answers the group's `useridlist` as DingTalk answers it after the change.
 * 400 naming `users_2_add` for users not in the course; 409 DINGTALK_USER_UNKNOWN naming `users_2_add` (or `owner`,
 * the caller, when the group is created) for those DingTalk cannot find; nothing is asked of DingTalk's groups or
 * stored then, and nothing is stored when DingTalk refuses (502 DINGTALK_FAILED). Errors as courseChat otherwise.
 */
export async function addToCourseChat(deps: AppDeps, actor: Actor, courseId: number, body: PutDingTalkChatBody): Promise<DingTalkChatUpdate> {
  const { course } = await courseFor(deps, actor, courseId, 'invite');
  const platform = await platformOf(deps, course.orgId);
  const wanted = [...new Set(body.users_2_add)];
  const members = new Set((await rolesHeld(deps.db, [courseId], wanted)).map((r) => r.userId));
  const outsiders = wanted.filter((id) => !members.has(id));
  if (outsiders.length > 0) throw AppError.field('users_2_add', `are not members of this course: ${outsiders.join(', ')}`);

  const row = await findCourseChat(deps.db, courseId);
  const found = await resolve(deps, platform, course.orgId, row || wanted.includes(actor.id) ? wanted : [...wanted, actor.id]);
  const missing = [...found.noMobile, ...found.unknown].filter((id) => id !== actor.id || wanted.includes(actor.id));
  if (missing.length > 0)
    throw AppError.field(
      'users_2_add',
      `DingTalk cannot find these members (no mobile phone bound, or no DingTalk user has it): ${missing.join(', ')}`,
      'DINGTALK_USER_UNKNOWN',
    );
  const dingIds = wanted.map((id) => found.ids.get(id)!);

  if (!row) {
    const owner = found.ids.get(actor.id);
    if (!owner)
      throw AppError.field(
        'owner',
        'You need a DingTalk account to own the course’s group: bind the mobile phone DingTalk knows you by',
        'DINGTALK_USER_UNKNOWN',
      );
    const name = course.name.slice(0, DINGTALK_CHAT_NAME_MAX);
    const chatId = await platform.createChat({ name, owner, members: [...new Set([owner, ...dingIds])] });
    await transaction(deps, async (tx) => {
      await rememberDingTalkUsers(tx, found.fresh);
      await insertCourseChat(tx, { courseId, chatId, name, ownerDingUserId: owner, createdBy: actor.id });
    });
    return { chat_id: chatId, useridlist: (await platform.getChat(chatId)).useridlist };
  }

  const before = await platform.getChat(row.chatId);
  const toAdd = [...new Set(dingIds)].filter((id) => !before.useridlist.includes(id));
  if (toAdd.length > 0) await platform.addMembers(row.chatId, toAdd);
  if (found.fresh.length > 0) await rememberDingTalkUsers(deps.db, found.fresh);
  return { chat_id: row.chatId, useridlist: toAdd.length > 0 ? (await platform.getChat(row.chatId)).useridlist : before.useridlist };
}
