import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses } from '../courses/courses.table.js';
import { users } from '../users/users.table.js';

/**
 * Course-level page reads (spec §7 `POST /api/course/{id}/record-user-reads {type}`):
 * how often and when one user last opened one page type of a course ('content',
 * 'outline', …). One row per course, user and type.
 */
export const courseUserReads = pgTable(
  'course_user_reads',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    count: integer('count').notNull().default(1),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_user_reads_key').on(t.courseId, t.userId, t.type)],
);
