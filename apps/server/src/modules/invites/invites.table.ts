import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from '../courses/courses.table.js';
import { users } from '../users/users.table.js';

/**
 * An invitation of a user into a course (spec §3 Invite, §4 invite status).
 * A cancelled invite is deleted (its status answers 404, spec §8).
 */
export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Spec §3: 'course' or 'teaching_class'; teaching_unit_id is the course or the class. */
    teachingUnitType: text('teaching_unit_type').$type<'course' | 'teaching_class'>().notNull().default('course'),
    teachingUnitId: integer('teaching_unit_id').notNull(),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    role: text('role').$type<'student' | 'instructor' | 'instructor_assistant'>().notNull(),
    status: text('status').$type<'not_joined' | 'joined'>().notNull().default('not_joined'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
  },
  (t) => [index('invites_invitee_idx').on(t.inviteeId), index('invites_course_idx').on(t.courseId)],
);
