import { boolean, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses } from '../courses/courses.table.js';
import { users } from '../users/users.table.js';

/**
 * One user's state in one course: study completeness (spec §3 Study
 * completeness), the active course role of the role buttons (spec §6) and the
 * preview / inspect modes of spec §4 (decisions 0011, 0012).
 */
export const courseUserStates = pgTable(
  'course_user_states',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeRole: text('active_role').$type<'student' | 'instructor' | 'instructor_assistant'>(),
    /** 0..100 percent. */
    studyCompleteness: smallint('study_completeness').notNull().default(0),
    lastActivityTitle: text('last_activity_title'),
    lastActivityId: integer('last_activity_id'),
    lastUpdateCompletenessTime: timestamp('last_update_completeness_time', { withTimezone: true }),
    /** Preview mode: 'student' (instructor sees the course as a student) or 'visitor'; null when off. */
    previewAs: text('preview_as').$type<'student' | 'visitor'>(),
    /** Inspect mode: an org admin looking into the course as a simulated teacher. */
    isInspecting: boolean('inspecting').notNull().default(false),
    /** Spec §4 course completeness: when the learner acknowledged the 100 % completion popup (shown once per learner, on any device); null until then. */
    completionPopupSeenAt: timestamp('completion_popup_seen_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('course_user_states_course_user_key').on(t.courseId, t.userId)],
);
