import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LearningMode } from '@atrium/contracts';
import { departments, orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

/** A course (spec §3 Course). Academic year and semester are names as the org writes them. */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    displayName: text('display_name'),
    courseCode: text('course_code').notNull(),
    courseType: smallint('course_type').notNull().default(0),
    academicYear: text('academic_year'),
    semester: text('semester'),
    /** Spec §5: 7+ characters of digits or A-Z; unique across the system so a code names one course. */
    accessCode: text('access_code'),
    isAccessCodeResettable: boolean('access_code_resetable').notNull().default(true),
    isPublished: boolean('published').notNull().default(true),
    /** Spec §4 course review: set by the instructor manager (decision 0011). */
    isReviewed: boolean('reviewed').notNull().default(false),
    /** Spec §4 course type: a lite course is a single-teacher course without a teaching team (decision 0011). */
    isLite: boolean('lite').notNull().default(false),
    isRecommended: boolean('recommended').notNull().default(false),
    /** Spec §3 hasAiAbility, §6: enables the AI quiz and question panels of the previewer (an AI service must be configured to answer them). */
    hasAiAbility: boolean('has_ai_ability').notNull().default(false),
    /** Spec §3 learning_mode: 'checkpoint' requires finishing activities in order. */
    learningMode: text('learning_mode').$type<LearningMode>().notNull().default('free'),
    /** Spec §3 course_outline: the syllabus text instructors edit and notify students about. */
    outline: text('outline'),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    /** Soft delete: the management list can restore it (spec §7 PUT /api/courses/{id}/restore). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Lower-cased name, code and display name: the management list's keyword search (LIKE on it beats ILIKE; decision 0013). */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || course_code || ' ' || coalesce(display_name, ''))`),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('courses_access_code_key').on(t.accessCode),
    index('courses_org_idx').on(t.orgId),
    // Management list (spec §7 POST /api/courses): newest first within an org.
    index('courses_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()),
  ],
);
