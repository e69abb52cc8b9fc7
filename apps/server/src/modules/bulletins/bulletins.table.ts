import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from '../courses/courses.table.js';
import { orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

/**
 * A bulletin (issue 17 §3; spec §2 `/bulletin-list/`): an organisation's (`type` org, written by its
 * admins) or a course's (`type` course, written by the course team). Visible from `publishAt`;
 * `announcedAt` is set once its notifications were sent (at once, or by the scheduled job at
 * `publishAt`). Attachments are uploads with parent type `bulletin`.
 */
export const bulletins = pgTable(
  'bulletins',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    /** org | course */
    type: text('type').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    showOnPopup: boolean('show_on_popup').notNull().default(false),
    isPinned: boolean('is_pinned').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulletins_org_idx').on(t.orgId, t.type, t.publishAt),
    index('bulletins_course_idx')
      .on(t.courseId, t.publishAt)
      .where(sql`${t.courseId} is not null`),
    index('bulletins_unannounced_idx')
      .on(t.publishAt)
      .where(sql`${t.announcedAt} is null`),
  ],
);

/** That a user has read a bulletin (spec §7: bulletins are fetched with the `unread` condition). */
export const bulletinReads = pgTable(
  'bulletin_reads',
  {
    bulletinId: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bulletinId, t.userId] }), index('bulletin_reads_user_idx').on(t.userId)],
);
