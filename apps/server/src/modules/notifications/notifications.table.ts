import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationPayload } from '@atrium/contracts';
import { users } from '../users/users.table.js';

/**
 * One notification for one user (issue 17 §1; spec §3 Notification). Made by handlers of domain
 * events; `dedupeKey` (unique per user, e.g. `event:42`) makes a retried handler write it once.
 * `type` picks the click destination (spec §2), `kind` says what happened (preferences are per kind).
 * Ids per type (course, activity, bulletin, topic, resource) are plain integers, not foreign keys:
 * a notice outlives what it was about (its payload keeps the titles).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<NotificationPayload>().notNull().default({}),
    isLocked: boolean('is_locked').notNull().default(false),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id'),
    activityId: integer('activity_id'),
    bulletinId: integer('bulletin_id'),
    topicId: integer('topic_id'),
    resourceId: integer('resource_id'),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set when the e-mail channel has taken it (an instant e-mail or a digest). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_key')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/** A user's channels for one notification kind; a kind without a row uses its defaults (`NOTIFICATION_KINDS`). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    /** off | instant | daily */
    email: text('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
