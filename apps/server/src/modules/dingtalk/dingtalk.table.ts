import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from '../courses/courses.table.js';
import { orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

/**
 * An organisation's DingTalk application (issue 24 item 4; decision 0154): its app key and secret (exchanged for an
 * access token by `gettoken`) and the open API's address. Set by the organisation's administrators; the secret is
 * never shown back.
 */
export const orgDingTalk = pgTable('org_dingtalk', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  appKey: text('app_key').notNull(),
  appSecret: text('app_secret').notNull(),
  apiBaseUrl: text('api_base_url').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's DingTalk user id as DingTalk answered it for their bound mobile phone (remembered so it is asked once). */
export const dingTalkUsers = pgTable('dingtalk_users', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dingUserId: text('ding_user_id').notNull(),
  /** The mobile phone it was resolved by: a user who binds another is resolved again. */
  mobilePhone: text('mobile_phone').notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A course's DingTalk group (one per course): DingTalk's chat id, the name it was created with and its owner. */
export const courseDingTalkChats = pgTable('course_dingtalk_chats', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  chatId: text('chat_id').notNull(),
  name: text('name').notNull(),
  ownerDingUserId: text('owner_ding_user_id').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
