import { index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CoursePackageData, FailureCode, FailureParams, ImportReport } from '@atrium/contracts';
import { courses } from '../courses/courses.table.js';
import { orgs } from '../orgs/orgs.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/**
 * A course package (spec §3 Course package item): an uploaded Moodle backup in
 * the organisation's library, with metadata read from the backup and editable
 * by admins. `use_count` counts imports started from it.
 */
export const coursePackages = pgTable(
  'course_packages',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<CoursePackageData>().notNull(),
    useCount: integer('use_count').notNull().default(0),
    /** Why the metadata could not be read (the backup is broken); null when it was. */
    readError: text('read_error'),
    /** The read error's code and parameters for the web to translate (decision 0082); null when read. */
    readErrorCode: text('read_error_code').$type<FailureCode>(),
    readErrorParams: jsonb('read_error_params').$type<FailureParams>(),
    /** Lower-cased name, code, instructors, college: the list's keyword search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_packages_upload_key').on(t.uploadId), index('course_packages_org_idx').on(t.orgId, t.id)],
);

/**
 * One import of a package into a course (spec §3 Sync status: 0 running, 1 done,
 * 2 failed). `status_key` is what `GET /api/course/{id}/sync-status` is asked
 * with; `progress` is 0..1; `report` is the fidelity report (issue 8).
 */
export const courseImports = pgTable(
  'course_imports',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => coursePackages.id, { onDelete: 'set null' }),
    statusKey: text('status_key').notNull(),
    status: smallint('status').notNull().default(0),
    progress: real('progress').notNull().default(0),
    reason: text('reason'),
    /** Why it failed, as a code and parameters for the web to translate (decision 0082); null unless failed. */
    failureCode: text('failure_code').$type<FailureCode>(),
    failureParams: jsonb('failure_params').$type<FailureParams>(),
    report: jsonb('report').$type<ImportReport>(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('course_imports_status_key').on(t.statusKey), index('course_imports_course_idx').on(t.courseId, t.id)],
);

/**
 * What an import created from which source element (`<site>:<course>:section:<id>`,
 * `…:activity:<moduleid>`), per course: a second import of the same backup into
 * the same course skips what is already there instead of duplicating it.
 */
export const courseImportSources = pgTable(
  'course_import_sources',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    moduleId: integer('module_id'),
    activityId: integer('activity_id'),
    importId: integer('import_id').references(() => courseImports.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('course_import_sources_key').on(t.courseId, t.sourceKey)],
);
