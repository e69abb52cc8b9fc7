import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses } from '../courses/courses.table.js';
import { users } from '../users/users.table.js';

/** A user's role in a course (spec §6): student, instructor or instructor_assistant. One row per role held. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'student' | 'instructor' | 'instructor_assistant'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enrolments_course_user_role_key').on(t.courseId, t.userId, t.role), index('enrolments_user_idx').on(t.userId)],
);
