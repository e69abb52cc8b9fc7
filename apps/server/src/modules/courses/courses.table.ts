import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { departments, orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

/** A course (spec §3 Course). Academic year and semester are names as the org writes them. */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
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
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('courses_access_code_key').on(t.accessCode), index('courses_org_idx').on(t.orgId)],
);
