import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses } from '../courses/courses.table.js';
import { users } from '../users/users.table.js';

/** A group of a course's members (spec §3 Calendar event target_data.group_ids; GET /api/courses/{id}/groups). */
export const courseGroups = pgTable(
  'course_groups',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_groups_course_name_key').on(t.courseId, t.name)],
);

/**
 * A member of a course group. Members are enrolled in the group's course when added; readers
 * (calendar targets) also require the enrolment to still exist, so leaving the course ends
 * what the group reaches without touching this table.
 */
export const courseGroupMembers = pgTable(
  'course_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => courseGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('course_group_members_user_idx').on(t.userId)],
);
