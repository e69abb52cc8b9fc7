import { z } from 'zod';

/**
 * DingTalk chat group (issue 24 item 4; spec §7 `GET /api/ding-talk/user-id`, `GET` and `PUT /api/ding-talk/chat?course_id=`;
 * spec §6 "chat group" toggle; decision 0154). An organisation's administrators configure its DingTalk application
 * (app key and secret, and the open API's address); a course's group is created on DingTalk by its team and its
 * members are added by their Atrium user ids, each resolved to a DingTalk user id by the mobile phone they bound.
 */

/** The address of DingTalk's open API (the `oapi` host of its server API). */
export const DINGTALK_DEFAULT_API_BASE_URL = 'https://oapi.dingtalk.com';

/** The most members DingTalk adds to a group in one call (`chat/create`, `chat/update`). */
export const DINGTALK_MEMBERS_PER_CALL = 40;

/** The longest group name DingTalk accepts, characters. */
export const DINGTALK_CHAT_NAME_MAX = 20;

const httpUrl = z
  .string()
  .trim()
  .url('is not an address')
  .max(2000)
  .refine((url) => /^https?:\/\//i.test(url), 'must be an http or https address');

/**
 * `PUT /api/org/ding-talk` body (administrators): the DingTalk application's `app_key` and `app_secret` (a new secret
 * replaces the stored one, absent keeps it; required the first time) and the open API's address (default
 * DINGTALK_DEFAULT_API_BASE_URL).
 */
export const PutDingTalkConfigBodySchema = z.object({
  app_key: z.string().trim().min(1, 'is empty').max(200),
  app_secret: z.string().trim().min(1, 'is empty').max(500).optional(),
  api_base_url: httpUrl.optional(),
});
export type PutDingTalkConfigBody = z.infer<typeof PutDingTalkConfigBodySchema>;

/** The organisation's DingTalk configuration as its administrators see it (the secret is never shown back). */
export const DingTalkConfigSchema = z.object({
  app_key: z.string(),
  has_secret: z.boolean(),
  api_base_url: z.string(),
  updated_at: z.string(),
});
export type DingTalkConfig = z.infer<typeof DingTalkConfigSchema>;

/** `GET /api/org/ding-talk`: the configuration, or null while there is none. */
export const DingTalkConfigResponseSchema = z.object({ config: DingTalkConfigSchema.nullable() });
export type DingTalkConfigResponse = z.infer<typeof DingTalkConfigResponseSchema>;

/** `GET /api/ding-talk/user-id`: the signed-in user's DingTalk user id. */
export const DingTalkUserIdSchema = z.object({ user_id: z.string() });
export type DingTalkUserId = z.infer<typeof DingTalkUserIdSchema>;

/** `?course_id=` of the chat calls. */
export const DingTalkChatQuerySchema = z.object({ course_id: z.coerce.number().int().positive() });

/** A course's DingTalk group: its DingTalk chat id, name, owner and members' DingTalk user ids (as DingTalk answers them). */
export const DingTalkChatSchema = z.object({
  chat_id: z.string(),
  name: z.string(),
  owner: z.string(),
  useridlist: z.array(z.string()),
  created_at: z.string(),
});
export type DingTalkChat = z.infer<typeof DingTalkChatSchema>;

/** `GET /api/ding-talk/chat?course_id=`: the course's group, or null while it has none. */
export const DingTalkChatResponseSchema = z.object({ chat: DingTalkChatSchema.nullable() });
export type DingTalkChatResponse = z.infer<typeof DingTalkChatResponseSchema>;

/** `PUT /api/ding-talk/chat?course_id=` body: Atrium user ids of course members to add (1 to 500, duplicates ignored). */
export const PutDingTalkChatBodySchema = z.object({
  users_2_add: z.array(z.number().int().positive()).min(1, 'names no one').max(500),
});
export type PutDingTalkChatBody = z.infer<typeof PutDingTalkChatBodySchema>;

/** `PUT /api/ding-talk/chat` answer (spec §7 "returns useridlist"): the group's chat id and its members' DingTalk user ids after the change. */
export const DingTalkChatUpdateSchema = z.object({ chat_id: z.string(), useridlist: z.array(z.string()) });
export type DingTalkChatUpdate = z.infer<typeof DingTalkChatUpdateSchema>;
